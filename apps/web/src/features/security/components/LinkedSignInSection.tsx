import { type Identity } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatTimeAgo } from '../../../lib/format/timeAgo.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { tCommon } from '../../../i18n/common.ts';
import { tSecurity } from '../../../i18n/security.ts';
import { readSsoError } from '../../auth/components/SsoSignIn.tsx';
import { useIdentities, useStartSsoLink, useUnlinkIdentity } from '../hooks/useSecurity.ts';

/**
 * The Security card's linked sign-in: the single sign-on account linked to this one, 'Link' (the browser goes to
 * the provider and comes back here, `?sso_linked=1` or `?sso_error=<code>`) and 'Unlink' (never the only way in).
 */
export function LinkedSignInSection({ isReadOnly }: { isReadOnly: boolean }) {
  const identities = useIdentities();
  const startLink = useStartSsoLink();
  const unlink = useUnlinkIdentity();
  const [unlinking, setUnlinking] = useState<Identity>();
  const [searchParams] = useSearchParams();
  const data = identities.data;
  if (!data || (!data.can_link && data.identities.length === 0)) return null;
  const name = data.provider_name ?? tSecurity('sso.otherProvider');
  const isOnlyWay = !data.has_password && data.identities.length === 1;
  const linkError = readSsoError(searchParams.get('sso_error'));
  const isJustLinked = searchParams.get('sso_linked') === '1';
  const hint =
    data.identities.length === 0
      ? tSecurity('sso.hintNone', { name })
      : isOnlyWay
        ? tSecurity('sso.hintOnly', { name })
        : tSecurity('sso.hintLinked', { name });
  return (
    <div className="security-tokens" data-testid="linked-sign-in">
      <div className="setting-row">
        <span className="setting-row__icon" aria-hidden="true">
          <i className="pi pi-link" />
        </span>
        <div className="setting-row__text">
          <p className="setting-row__title">
            {tSecurity('sso.title')}
            {data.identities.length > 0 && (
              <Tag value={tSecurity('sso.linked')} severity="success" className="security-row__tag" />
            )}
          </p>
          <p className="setting-row__description">{hint}</p>
        </div>
        {data.can_link && data.identities.length === 0 && (
          <Button
            label={tSecurity('sso.link')}
            icon="pi pi-link"
            outlined
            size="small"
            className="setting-row__action"
            disabled={isReadOnly}
            loading={startLink.isPending}
            onClick={() => startLink.mutate()}
            data-testid="sso-link"
          />
        )}
      </div>
      {(isJustLinked || linkError) && (
        <div className="security-tokens__notice">
          <Message
            severity={linkError ? 'error' : 'success'}
            text={linkError ? tCommon(`login.ssoErrors.${linkError}`) : tSecurity('sso.justLinked', { name })}
            data-testid="sso-link-result"
          />
        </div>
      )}
      {data.identities.length > 0 && (
        <ul className="security-tokens__list">
          {data.identities.map((identity) => (
            <li className="security-token" key={identity.id} data-testid="linked-identity">
              <div className="security-token__text">
                <p className="security-token__name">{identity.provider_name ?? identity.issuer}</p>
                <dl className="security-token__meta">
                  {identity.email && (
                    <div>
                      <dt>{tSecurity('sso.account')}</dt>
                      <dd data-testid="linked-identity-email">{identity.email}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{tSecurity('sso.linkedOn')}</dt>
                    <dd>{formatDateTime(identity.created)}</dd>
                  </div>
                  <div>
                    <dt>{tSecurity('sso.lastUsed')}</dt>
                    <dd>{identity.last_used ? formatTimeAgo(identity.last_used) : tSecurity('sso.never')}</dd>
                  </div>
                </dl>
              </div>
              <Button
                label={tSecurity('sso.unlink')}
                aria-label={tSecurity('sso.unlinkLabel', { name: identity.provider_name ?? identity.issuer })}
                icon="pi pi-times"
                severity="danger"
                outlined
                size="small"
                disabled={isReadOnly || isOnlyWay}
                onClick={() => setUnlinking(identity)}
                data-testid="sso-unlink"
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isVisible={unlinking !== undefined}
        header={tSecurity('sso.unlinkHeader')}
        message={<p>{tSecurity('sso.unlinkMessage', { name: unlinking?.provider_name ?? name })}</p>}
        confirmLabel={tSecurity('sso.unlink')}
        isDanger
        isBusy={unlink.isPending}
        testId="unlink-dialog"
        onConfirm={() => {
          if (unlinking) unlink.mutate(unlinking.id, { onSettled: () => setUnlinking(undefined) });
        }}
        onHide={() => setUnlinking(undefined)}
      />
    </div>
  );
}
