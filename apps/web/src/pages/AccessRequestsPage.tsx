import { abilitiesOfWorkspaceRole } from '@waymark/contract';
import { Navigate } from 'react-router';
import { AccessRequestsTable } from '../features/accessRequests/components/AccessRequestsTable.tsx';
import { useAccessRequests } from '../features/accessRequests/hooks/useAccessRequests.ts';
import { useCurrentWorkspace } from '../features/workspaces/hooks/useCurrentWorkspace.ts';
import { CountBadge } from '../ui/CountBadge.tsx';
import { DASHBOARD_PATH } from '../lib/paths.ts';
import { tProject } from '../i18n/project.ts';

function WorkspaceAccessRequests({ namespace }: { namespace: string }) {
  const requests = useAccessRequests(namespace);
  const count = requests.query.data?.count;
  return (
    <section className="card" aria-labelledby="workspace-requests-title" data-testid="workspace-requests">
      <header className="access-requests-card__header">
        <h2 id="workspace-requests-title" className="card__title">
          {tProject('accessRequestTable.tableLabel')}
        </h2>
        {count !== undefined && <CountBadge count={count} testId="workspace-requests-count" />}
      </header>
      <AccessRequestsTable requests={requests} showProject />
    </section>
  );
}

/** /access-requests — the current workspace's access requests, for its admins (the dashboard row's page). */
export function AccessRequestsPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  if (!abilitiesOfWorkspaceRole(workspace.role, true).listAccessRequests)
    return <Navigate to={DASHBOARD_PATH} replace />;
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{tProject('accessRequestTable.workspaceTitle')}</h1>
        <p className="page__subtitle">
          {tProject('accessRequestTable.workspaceSubtitle', { workspace: workspace.name })}
        </p>
      </header>
      <WorkspaceAccessRequests namespace={workspace.name} />
    </div>
  );
}
