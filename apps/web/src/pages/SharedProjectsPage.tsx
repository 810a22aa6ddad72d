import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { ProjectScopeNav } from '../features/projects/components/ProjectScopeNav.tsx';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';

/** /shared-projects — projects other people shared with the user (flag=shared). */
export function SharedProjectsPage() {
  return (
    <ProjectsList
      title={PROJECTS_LIST_TEXTS.sharedProjectsTitle}
      subtitle={PROJECTS_LIST_TEXTS.sharedProjectsSubtitle}
      scope={{ flag: 'shared' }}
      showNamespace
      showCommunityBanner
      emptyText={PROJECTS_LIST_TEXTS.emptyShared}
      nav={<ProjectScopeNav />}
    />
  );
}
