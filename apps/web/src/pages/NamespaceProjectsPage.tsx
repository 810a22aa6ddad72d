import { useParams } from 'react-router';
import { ProjectsList } from '../features/projects/components/ProjectsList.tsx';
import { useCanCreateProject } from '../features/projects/hooks/useCanCreateProject.ts';
import { useCurrentWorkspace } from '../features/workspaces/hooks/useCurrentWorkspace.ts';
import { useWorkspaces } from '../features/workspaces/hooks/useWorkspaces.ts';

/** /projects/:namespace — the projects of one workspace that the user may see. */
export function NamespaceProjectsPage() {
  const { namespace = '' } = useParams();
  const isOwnWorkspace = useWorkspaces().some((workspace) => workspace.name === namespace);
  const currentWorkspace = useCurrentWorkspace();
  const canCreateProject = useCanCreateProject();
  return (
    <ProjectsList
      // Another namespace in the address starts a fresh list.
      key={namespace}
      title={namespace}
      subtitle="Workspace projects"
      scope={{ namespace }}
      // New projects land in the current workspace, so only its own page offers to create one.
      canCreateProject={canCreateProject && currentWorkspace?.name === namespace}
      checkNamespaceExists={!isOwnWorkspace}
    />
  );
}
