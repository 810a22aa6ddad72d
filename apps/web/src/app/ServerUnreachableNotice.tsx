import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { probeNow, useReachabilityStore } from '../lib/network/serverReachability.ts';
import { tCommon } from '../i18n/common.ts';

/** Seconds until `at`, counted down once a second while there is a time to count to. */
function useSecondsUntil(at: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? undefined : Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * The one notice of an unreachable server, over every page: what is wrong, when the next try is, and a way to try
 * now. The page under it stays; it goes away by itself when the server answers.
 */
export function ServerUnreachableNotice() {
  const isUnreachable = useReachabilityStore((state) => state.isUnreachable);
  const nextProbeAt = useReachabilityStore((state) => state.nextProbeAt);
  const isProbing = useReachabilityStore((state) => state.isProbing);
  const seconds = useSecondsUntil(nextProbeAt);

  useEffect(() => {
    if (!isUnreachable) return undefined;
    const handleOnline = () => void probeNow();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [isUnreachable]);

  if (!isUnreachable) return null;
  return (
    <div className="unreachable-notice" role="alert" data-testid="server-unreachable">
      <i className="pi pi-wifi unreachable-notice__icon" aria-hidden="true" />
      <div className="unreachable-notice__body">
        <p className="unreachable-notice__title">{tCommon('network.unreachableTitle')}</p>
        <p className="unreachable-notice__text">
          {tCommon('network.unreachableBody')}{' '}
          <span data-testid="server-unreachable-next">
            {isProbing || seconds === undefined
              ? tCommon('network.retrying')
              : tCommon('network.retryingIn', { seconds })}
          </span>
        </p>
      </div>
      <Button
        label={tCommon('network.retryNow')}
        size="small"
        outlined
        disabled={isProbing}
        onClick={() => void probeNow()}
        className="unreachable-notice__retry"
      />
    </div>
  );
}
