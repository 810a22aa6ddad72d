import type { AccessRequest, Workspace } from '@waymark/contract';
import { abilitiesOfWorkspaceRole } from '@waymark/contract';
import { Link } from 'react-router';
import { ACCESS_REQUESTS_PATH, projectPath } from '../../../lib/paths.ts';
import { expiryText } from '../../accessRequests/accessRequestRules.ts';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import { useNamespaceAccessRequests } from '../hooks/useNamespaceAccessRequests.ts';
import './dashboard.css';
import { tProject } from '../../../i18n/project.ts';
import { tProjects } from '../../../i18n/projects.ts';

function AccessRequestItem({ request }: { request: AccessRequest }) {
  // Requests are accepted where the project's members are managed: its Collaborators tab.
  const collaboratorsPath = `${projectPath(request.namespace, request.project_name)}/collaborators`;
  return (
    <li className="access-request-item" data-testid="access-request-item">
      <span className="access-request-item__icon" aria-hidden="true">
        <i className="pi pi-user-plus" />
      </span>
      <div className="access-request-item__body">
        <p>
          <strong>{request.requested_by}</strong> asked for access to{' '}
          <Link to={projectPath(request.namespace, request.project_name)}>{request.project_name}</Link>
        </p>
        <p className="access-request-item__expire">{expiryText(request.expire)}</p>
      </div>
      <Link
        to={collaboratorsPath}
        className="p-button p-button-sm p-button-outlined access-request-item__review"
      >
        {tProjects('dashboardProject.accessRequestsReview')}
      </Link>
    </li>
  );
}

interface AccessRequestsCardProps {
  workspace: Pick<Workspace, 'name' | 'role'> | undefined;
}

/**
 * SPEC §2 access requests row, for admins and owners of the current workspace (the only people the
 * server lets list them). Hidden while there is nothing waiting, so the dashboard stays calm.
 */
export function AccessRequestsCard({ workspace }: AccessRequestsCardProps) {
  // The listed role is the server's effective one: the same rule the server lists requests by.
  const isAdmin = abilitiesOfWorkspaceRole(workspace?.role ?? null, true).listAccessRequests;
  const { data } = useNamespaceAccessRequests(workspace?.name, isAdmin);
  if (!isAdmin || !data || data.count === 0) return null;
  const hiddenCount = data.count - data.items.length;
  return (
    <section
      className="card dashboard-card"
      aria-labelledby="access-requests-title"
      data-testid="access-requests"
    >
      <header className="card__header dashboard-card__header">
        <div className="dashboard-card__title-row">
          <h2 id="access-requests-title" className="card__title">
            {tProjects('dashboardProject.accessRequestsTitle')}
          </h2>
          <CountBadge count={data.count} testId="access-requests-count" />
        </div>
        <Link
          to={ACCESS_REQUESTS_PATH}
          className="dashboard-card__link"
          data-testid="access-requests-view-all"
        >
          {tProject('accessRequestTable.viewAll')}
          <i className="pi pi-arrow-right" aria-hidden="true" />
        </Link>
      </header>
      <ul className="access-request-list">
        {data.items.map((request) => (
          <AccessRequestItem key={request.id} request={request} />
        ))}
      </ul>
      {hiddenCount > 0 && <p className="access-request-list__more">and {hiddenCount} more</p>}
    </section>
  );
}
