import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';

/** /projects/explore — public projects of every workspace, so names carry their namespace. */
export function ExploreProjectsPage() {
  return (
    <ProjectsList
      title={PROJECTS_LIST_TEXTS.publicProjectsTitle}
      subtitle="Projects shared publicly by the community"
      scope={{ onlyPublic: true }}
      showNamespace
    />
  );
}
