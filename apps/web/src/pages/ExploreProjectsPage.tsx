import { ProjectScopeNav } from '../features/projects/components/ProjectScopeNav.tsx';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { useSession } from '../features/session/hooks/useSession.ts';
import { tProjects } from '../i18n/projects.ts';

/** /projects/explore — public projects of every workspace, so names carry their namespace. */
export function ExploreProjectsPage() {
  const { isAuthenticated } = useSession();
  return (
    <ProjectsList
      title={tProjects('list.publicProjectsTitle')}
      subtitle="Projects shared publicly by the community"
      scope={{ onlyPublic: true }}
      showNamespace
      emptyText={tProjects('list.emptyPublic')}
      nav={isAuthenticated ? <ProjectScopeNav /> : undefined}
    />
  );
}
