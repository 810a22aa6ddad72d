import { type AdminAccessToken } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { useAdminRevokeAccessToken, useAllAccessTokens } from '../../security/hooks/useSecurity.ts';
import { DateCell, TimeAgoCell, TruncatedText } from './AdminCells.tsx';
import '../admin.css';
import { tAdmin } from '../../../i18n/admin.ts';
import { tSecurity } from '../../../i18n/security.ts';

/** Every user's live personal access tokens; a superuser revokes any of them (issue 29). */
export function AdminTokens() {
  const titleId = useId();
  const isReadOnly = useIsMaintenance();
  const tokens = useAllAccessTokens();
  const revoke = useAdminRevokeAccessToken();
  const [revoking, setRevoking] = useState<AdminAccessToken>();
  const count = tokens.data?.length;
  return (
    <section className="card admin-list" aria-labelledby={titleId} data-testid="admin-tokens">
      <header className="admin-list__header">
        <div className="admin-list__title-row">
          <h2 id={titleId} className="card__title">
            {tSecurity('admin.tokensTitle')}
          </h2>
          {count !== undefined && <CountBadge count={count} testId="admin-tokens-count" />}
        </div>
      </header>
      <p className="admin-list__hint">{tSecurity('admin.tokensHint')}</p>
      {tokens.isError && !tokens.data ? (
        <EmptyState title={tAdmin('panel.loadError')} testId="admin-tokens-load-error">
          <Button
            label={tAdmin('panel.retry')}
            icon="pi pi-refresh"
            outlined
            onClick={() => void tokens.refetch()}
          />
        </EmptyState>
      ) : count === 0 ? (
        <EmptyState title={tSecurity('tokens.empty')} testId="admin-tokens-empty" />
      ) : (
        <div className="data-table admin-table">
          <DataTable
            value={tokens.data ?? []}
            dataKey="id"
            loading={tokens.isFetching}
            aria-label={tSecurity('admin.tokensTitle')}
            data-testid="admin-tokens-table"
          >
            <Column
              header={tSecurity('admin.user')}
              body={(token: AdminAccessToken) => (
                <TruncatedText text={token.username} testId="admin-token-user" />
              )}
            />
            <Column
              header={tSecurity('tokens.name')}
              body={(token: AdminAccessToken) => (
                <TruncatedText text={token.name} testId="admin-token-name" />
              )}
            />
            <Column
              header={tSecurity('tokens.scope')}
              body={(token: AdminAccessToken) => (
                <Tag
                  value={tSecurity(`tokens.scopes.${token.scope}`)}
                  severity="info"
                  className="admin-tag"
                />
              )}
            />
            <Column
              header={tSecurity('tokens.expires')}
              body={(token: AdminAccessToken) => <DateCell value={token.expires_at} />}
            />
            <Column
              header={tSecurity('tokens.lastUsed')}
              body={(token: AdminAccessToken) => <TimeAgoCell value={token.last_used_at} />}
            />
            <Column
              header={<span className="visually-hidden">{tAdmin('users.columnActions')}</span>}
              headerClassName="admin-table__actions"
              bodyClassName="admin-table__actions"
              body={(token: AdminAccessToken) => (
                <Button
                  label={tSecurity('tokens.revoke')}
                  aria-label={tSecurity('tokens.revokeLabel', { name: `${token.username}: ${token.name}` })}
                  icon="pi pi-times"
                  severity="danger"
                  outlined
                  size="small"
                  disabled={isReadOnly}
                  onClick={() => setRevoking(token)}
                  data-testid="admin-token-revoke"
                />
              )}
            />
          </DataTable>
        </div>
      )}
      <ConfirmDialog
        isVisible={revoking !== undefined}
        header={tSecurity('tokens.revokeHeader')}
        message={
          <p>
            {tSecurity('tokens.revokeMessage', {
              name: `${revoking?.username ?? ''}: ${revoking?.name ?? ''}`,
            })}
          </p>
        }
        confirmLabel={tSecurity('tokens.revoke')}
        isDanger
        isBusy={revoke.isPending}
        testId="admin-revoke-token-dialog"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(undefined) });
        }}
        onHide={() => setRevoking(undefined)}
      />
    </section>
  );
}
