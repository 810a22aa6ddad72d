import { type ProjectDetail } from '@waymark/contract';
import { NavLink } from 'react-router';
import { useSession } from '../../session/hooks/useSession.ts';
import { getProjectTabs } from '../projectAbilities.ts';
import { tProject } from '../../../i18n/project.ts';

interface ProjectTabsProps {
  project: Pick<ProjectDetail, 'namespace' | 'name' | 'role'>;
}

function tabClassName({ isActive }: { isActive: boolean }): string {
  return isActive ? 'project-tabs__tab project-tabs__tab--active' : 'project-tabs__tab';
}

/** The tabs the viewer may open (SPEC §2); each links without a query, which clears file_path and version_id. */
export function ProjectTabs({ project }: ProjectTabsProps) {
  const { isAuthenticated } = useSession();
  const tabs = getProjectTabs({
    namespace: project.namespace,
    name: project.name,
    isAuthenticated,
    role: project.role,
  });
  return (
    <nav className="project-tabs" aria-label={tProject('page.tabsLabel')}>
      {tabs.map((tab) => (
        <NavLink key={tab.id} to={tab.to} className={tabClassName} data-testid={`project-tab-${tab.id}`}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
