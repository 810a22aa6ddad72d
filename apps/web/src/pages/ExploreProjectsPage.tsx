import { PROJECTS_LIST_TEXTS } from '@waymark/contract';
import { ProjectScopeNav } from '../features/projects/components/ProjectScopeNav.tsx';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { useSession } from '../features/session/hooks/useSession.ts';

/** /projects/explore — public projects of every workspace, so names carry their namespace. */
export function ExploreProjectsPage() {
  const { isAuthenticated } = useSession();
  return (
    <ProjectsList
      title={PROJECTS_LIST_TEXTS.publicProjectsTitle}
      subtitle="Projects shared publicly by the community"
      scope={{ onlyPublic: true }}
      showNamespace
      emptyText={PROJECTS_LIST_TEXTS.emptyPublic}
      nav={isAuthenticated ? <ProjectScopeNav /> : undefined}
    />
  );
}
