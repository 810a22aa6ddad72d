import { NavLink } from 'react-router';
import {
  ADMIN_PROJECTS_PATH,
  ADMIN_SERVER_PATH,
  ADMIN_TOKENS_PATH,
  ADMIN_USERS_PATH,
  ADMIN_WORKSPACES_PATH,
} from '../../../lib/paths.ts';
import '../admin.css';
import { tAdmin } from '../../../i18n/admin.ts';
import { tSecurity } from '../../../i18n/security.ts';

const SECTIONS = [
  { id: 'users', label: tAdmin('panel.users'), icon: 'pi pi-users', to: ADMIN_USERS_PATH },
  {
    id: 'workspaces',
    label: tAdmin('panel.workspaces'),
    icon: 'pi pi-building',
    to: ADMIN_WORKSPACES_PATH,
  },
  { id: 'projects', label: tAdmin('panel.projects'), icon: 'pi pi-folder', to: ADMIN_PROJECTS_PATH },
  { id: 'tokens', label: tSecurity('admin.tokensTitle'), icon: 'pi pi-key', to: ADMIN_TOKENS_PATH },
  { id: 'server', label: tAdmin('panel.server'), icon: 'pi pi-server', to: ADMIN_SERVER_PATH },
] as const;

function tabClassName({ isActive }: { isActive: boolean }): string {
  return isActive
    ? 'project-tabs__tab project-tabs__tab--active admin-nav__tab'
    : 'project-tabs__tab admin-nav__tab';
}

/** The admin sections as tabs, in the look of the project tabs. */
export function AdminNav() {
  return (
    <nav className="project-tabs admin-nav" aria-label={tAdmin('panel.navLabel')}>
      {SECTIONS.map((section) => (
        <NavLink
          key={section.id}
          to={section.to}
          className={tabClassName}
          data-testid={`admin-tab-${section.id}`}
        >
          <i className={section.icon} aria-hidden="true" />
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
