import { type AccessToken } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatDateTime, formatTimeAgo } from '../../../lib/format/timeAgo.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { tSecurity } from '../../../i18n/security.ts';
import { useAccessTokens, useRevokeAccessToken } from '../hooks/useSecurity.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';

function TokenItem({
  token,
  onRevoke,
  isReadOnly,
}: {
  token: AccessToken;
  onRevoke: () => void;
  isReadOnly: boolean;
}) {
  return (
    <li className="security-token" data-testid="access-token">
      <div className="security-token__text">
        <p className="security-token__name">
          <span data-testid="access-token-name">{token.name}</span>{' '}
          <Tag
            value={tSecurity(`tokens.scopes.${token.scope}`)}
            severity="info"
            className="security-row__tag"
          />
        </p>
        <dl className="security-token__meta">
          <div>
            <dt>{tSecurity('tokens.created')}</dt>
            <dd>{formatDateTime(token.created_at)}</dd>
          </div>
          <div>
            <dt>{tSecurity('tokens.expires')}</dt>
            <dd>{formatDateTime(token.expires_at)}</dd>
          </div>
          <div>
            <dt>{tSecurity('tokens.lastUsed')}</dt>
            <dd data-testid="access-token-last-used">
              {token.last_used_at ? formatTimeAgo(token.last_used_at) : tSecurity('tokens.never')}
            </dd>
          </div>
        </dl>
      </div>
      <Button
        label={tSecurity('tokens.revoke')}
        aria-label={tSecurity('tokens.revokeLabel', { name: token.name })}
        icon="pi pi-times"
        severity="danger"
        outlined
        size="small"
        disabled={isReadOnly}
        onClick={onRevoke}
        data-testid="access-token-revoke"
      />
    </li>
  );
}

/** The Security card's tokens: the live ones with their dates, creating one, revoking one. */
export function AccessTokensSection({ isReadOnly }: { isReadOnly: boolean }) {
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken>();
  return (
    <div className="security-tokens" data-testid="access-tokens">
      <div className="setting-row">
        <span className="setting-row__icon" aria-hidden="true">
          <i className="pi pi-key" />
        </span>
        <div className="setting-row__text">
          <p className="setting-row__title">{tSecurity('tokens.title')}</p>
          <p className="setting-row__description">{tSecurity('tokens.hint')}</p>
        </div>
        <Button
          label={tSecurity('tokens.create')}
          icon="pi pi-plus"
          outlined
          size="small"
          className="setting-row__action"
          disabled={isReadOnly}
          onClick={() => setIsCreating(true)}
          data-testid="create-token"
        />
      </div>
      {tokens.data &&
        (tokens.data.length === 0 ? (
          <p className="security-tokens__empty" data-testid="access-tokens-empty">
            {tSecurity('tokens.empty')}
          </p>
        ) : (
          <ul className="security-tokens__list">
            {tokens.data.map((token) => (
              <TokenItem
                key={token.id}
                token={token}
                isReadOnly={isReadOnly}
                onRevoke={() => setRevoking(token)}
              />
            ))}
          </ul>
        ))}
      <CreateTokenDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <ConfirmDialog
        isVisible={revoking !== undefined}
        header={tSecurity('tokens.revokeHeader')}
        message={<p>{tSecurity('tokens.revokeMessage', { name: revoking?.name ?? '' })}</p>}
        confirmLabel={tSecurity('tokens.revoke')}
        isDanger
        isBusy={revoke.isPending}
        testId="revoke-token-dialog"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(undefined) });
        }}
        onHide={() => setRevoking(undefined)}
      />
    </div>
  );
}
