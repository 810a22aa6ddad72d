import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_ROLE_OPTIONS,
  type ProjectCollaborator,
  type ProjectDetail,
  type ProjectRole,
} from '@waymark/contract';
import { notify } from '../../../lib/notifications.ts';
import { projectQueryPrefix } from '../../project/projectQueryKeys.ts';
import {
  addCollaborator,
  fetchCollaborators,
  removeCollaborator,
  updateCollaborator,
} from '../api/collaboratorsApi.ts';
import { tProject } from '../../../i18n/project.ts';

type ProjectRef = Pick<ProjectDetail, 'id' | 'namespace' | 'name'>;

/** 'Reader', 'Writer'… as the role menus show it. */
const projectRoleLabel = (role: ProjectRole) =>
  PROJECT_ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;

export const collaboratorsQueryKey = (projectId: string) => ['collaborators', projectId] as const;

/** After a change of members: the list, and the project (its access lists), are loaded again. */
export async function reloadMembers(queryClient: QueryClient, project: ProjectRef): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: collaboratorsQueryKey(project.id) }),
    queryClient.invalidateQueries({ queryKey: projectQueryPrefix(project.namespace, project.name) }),
  ]);
}

/** GET /v2/projects/{id}/collaborators for the members table. */
export function useCollaborators(projectId: string) {
  return useQuery({
    queryKey: collaboratorsQueryKey(projectId),
    queryFn: () => fetchCollaborators(projectId),
    meta: { errorMessage: tProject('collaboratorsToast.getCollaborators') },
  });
}

/**
 * A member's new role: PATCH for those holding a project role, POST for those listed through their workspace
 * only (the server has no project role of theirs to change).
 */
export function useChangeMemberRole(project: ProjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: ProjectCollaborator; role: ProjectRole }) =>
      member.project_role === null
        ? addCollaborator(project.id, member.username, role)
        : updateCollaborator(project.id, member.id, role),
    onSuccess: (_data, { member, role }) =>
      notify.success(
        tProject('collaboratorsToast.roleChanged', {
          username: member.username,
          role: projectRoleLabel(role),
        }),
      ),
    onSettled: () => reloadMembers(queryClient, project),
    meta: { errorMessage: tProject('collaboratorsToast.updateCollaborator') },
  });
}

/** Takes a member's project role away. */
export function useRemoveMember(project: ProjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: ProjectCollaborator) => removeCollaborator(project.id, member.id),
    onSuccess: (_data, member) =>
      notify.success(tProject('collaboratorsToast.memberRemoved', { username: member.username })),
    onSettled: () => reloadMembers(queryClient, project),
    meta: { errorMessage: tProject('collaboratorsToast.updateAccess') },
  });
}
