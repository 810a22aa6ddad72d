import { ProjectScopeNav } from '../features/projects/components/ProjectScopeNav.tsx';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { useCanCreateProject, useHasEmail } from '../features/projects/hooks/useCanCreateProject.ts';
import { useSession } from '../features/session/hooks/useSession.ts';
import { useCurrentWorkspace } from '../features/workspaces/hooks/useCurrentWorkspace.ts';
import { tProjects } from '../i18n/projects.ts';

/**
 * /projects — the projects of the current workspace. The route is public: visitors, and accounts
 * without an email (which cannot own projects), see the public projects instead.
 */
export function ProjectsPage() {
  const { isAuthenticated } = useSession();
  const hasEmail = useHasEmail();
  const workspace = useCurrentWorkspace();
  const canCreateProject = useCanCreateProject();

  if (!isAuthenticated || !hasEmail) {
    return (
      <ProjectsList
        key="public"
        title={tProjects('list.publicProjectsTitle')}
        scope={{ onlyPublic: true }}
        showNamespace
        emptyText={tProjects('list.emptyPublic')}
      />
    );
  }
  if (!workspace) {
    // Without a workspace there is no "current" one to list: show what the user has access to.
    return (
      <ProjectsList
        key="no-workspace"
        title={tProjects('list.myProjectsTitle')}
        scope={{ excludePublic: true }}
        showNamespace
        showCommunityBanner
        nav={<ProjectScopeNav />}
      />
    );
  }
  return (
    <ProjectsList
      // A switch of workspace starts a fresh list: page 1, no search.
      key={`workspace-${workspace.id}`}
      title={tProjects('list.myProjectsTitle')}
      subtitle={`Projects in the ${workspace.name} workspace`}
      scope={{ namespace: workspace.name }}
      canCreateProject={canCreateProject}
      showCommunityBanner
      nav={<ProjectScopeNav />}
    />
  );
}
