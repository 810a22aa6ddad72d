import { NavLink, Outlet, useParams } from 'react-router';
import { useSession } from '../features/session/hooks/useSession.ts';
import { projectPath, projectTreePath } from '../lib/paths.ts';

interface ProjectTab {
  id: string;
  label: string;
  to: string;
  isMembersOnly: boolean;
}

function tabClassName({ isActive }: { isActive: boolean }): string {
  return isActive ? 'project-tabs__tab project-tabs__tab--active' : 'project-tabs__tab';
}

/**
 * /projects/:namespace/:projectName — the project frame with its tabs. Tabs link without a query, so
 * switching tab clears file_path / version_id (SPEC §2). Owner-only tabs get their role check with the
 * project issue; until then every signed-in user sees them.
 */
export function ProjectPage() {
  const { namespace = '', projectName = '' } = useParams();
  const { isAuthenticated } = useSession();
  const base = projectPath(namespace, projectName);
  const tabs: ProjectTab[] = [
    { id: 'files', label: 'Files', to: projectTreePath(namespace, projectName), isMembersOnly: false },
    { id: 'history', label: 'History', to: `${base}/history`, isMembersOnly: true },
    { id: 'collaborators', label: 'Collaborators', to: `${base}/collaborators`, isMembersOnly: true },
    { id: 'settings', label: 'Settings', to: `${base}/settings`, isMembersOnly: true },
  ];

  return (
    <div className="page">
      <header className="page__header project-header">
        <span className="project-header__icon" aria-hidden="true">
          <i className="pi pi-map" />
        </span>
        <div>
          <p className="project-header__namespace">{namespace}</p>
          <h1 className="page__title">{projectName}</h1>
        </div>
      </header>
      <nav className="project-tabs" aria-label="Project sections">
        {tabs
          .filter((tab) => isAuthenticated || !tab.isMembersOnly)
          .map((tab) => (
            <NavLink key={tab.id} to={tab.to} className={tabClassName} data-testid={`project-tab-${tab.id}`}>
              {tab.label}
            </NavLink>
          ))}
      </nav>
      <Outlet />
    </div>
  );
}
