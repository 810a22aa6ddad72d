import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';

/** /shared-projects — projects other people shared with the user (flag=shared). */
export function SharedProjectsPage() {
  return (
    <ProjectsList
      title={PROJECTS_LIST_TEXTS.sharedProjectsTitle}
      subtitle="Projects other people shared with you"
      scope={{ flag: 'shared' }}
      showNamespace
      showCommunityBanner
    />
  );
}
