import { abilitiesOfWorkspaceRole } from '@waymark/contract';
import { Navigate } from 'react-router';
import { WebhooksCard } from '../features/webhooks/components/WebhooksCard.tsx';
import { useCurrentWorkspace } from '../features/workspaces/hooks/useCurrentWorkspace.ts';
import { DASHBOARD_PATH } from '../lib/paths.ts';
import { tWebhooks } from '../i18n/webhooks.ts';

/** /workspace/webhooks — the current workspace's webhooks and their delivery log, for its admins (issue 29). */
export function WorkspaceWebhooksPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  if (!abilitiesOfWorkspaceRole(workspace.role, true).manageMembers) {
    return <Navigate to={DASHBOARD_PATH} replace />;
  }
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{tWebhooks('page.title')}</h1>
        <p className="page__subtitle">{tWebhooks('page.subtitle', { workspace: workspace.name })}</p>
      </header>
      <WebhooksCard workspaceId={workspace.id} />
      <p className="webhooks-signature-hint">
        <i className="pi pi-shield" aria-hidden="true" />
        <span>{tWebhooks('page.signatureHint')}</span>
      </p>
    </div>
  );
}
