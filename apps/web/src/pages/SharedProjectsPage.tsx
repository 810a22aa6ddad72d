import { ProjectScopeNav } from '../features/projects/components/ProjectScopeNav.tsx';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { tProjects } from '../i18n/projects.ts';

/** /shared-projects — projects other people shared with the user (flag=shared). */
export function SharedProjectsPage() {
  return (
    <ProjectsList
      title={tProjects('list.sharedProjectsTitle')}
      subtitle={tProjects('list.sharedProjectsSubtitle')}
      scope={{ flag: 'shared' }}
      showNamespace
      showCommunityBanner
      emptyText={tProjects('list.emptyShared')}
      nav={<ProjectScopeNav />}
    />
  );
}
