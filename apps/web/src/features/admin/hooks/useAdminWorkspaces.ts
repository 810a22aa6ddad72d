import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminCreateWorkspaceRequest,
  type AdminWorkspace,
  type AdminWorkspaceSortField,
  type WorkspaceRole,
} from '@waymark/contract';
import { readFormLevelMessage } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { resolveWorkspaceFormError } from '../adminRules.ts';
import {
  type AdminListParams,
  addAdminWorkspaceMember,
  createAdminWorkspace,
  fetchAdminWorkspaceMembers,
  fetchAdminWorkspaces,
  removeAdminWorkspaceMember,
  updateAdminWorkspaceMember,
  updateAdminWorkspaceQuota,
} from '../api/adminApi.ts';
import { ADMIN_QUERY_KEY } from './useAdminUsers.ts';
import { tAdmin } from '../../../i18n/admin.ts';

export const ADMIN_WORKSPACES_QUERY_KEY = [...ADMIN_QUERY_KEY, 'workspaces'] as const;
const membersKey = (id: number) => [...ADMIN_QUERY_KEY, 'workspace-members', id] as const;

/** One page of the workspaces. */
export function useAdminWorkspaces(params: AdminListParams<AdminWorkspaceSortField>) {
  return useQuery({
    queryKey: [...ADMIN_WORKSPACES_QUERY_KEY, params],
    queryFn: () => fetchAdminWorkspaces(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: tAdmin('workspaces.fetchFailed') },
  });
}

/** POST /app/admin/workspaces; form errors go under the name or the quota. */
export function useCreateAdminWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateWorkspaceRequest) => createAdminWorkspace(body),
    meta: {
      readErrorMessage: readFormLevelMessage((error) =>
        resolveWorkspaceFormError(error, tAdmin('workspaces.createFailed')),
      ),
    },
    onSuccess: async (workspace) => {
      notify.success(tAdmin('workspaces.created', { name: workspace.name }));
      await queryClient.invalidateQueries({ queryKey: ADMIN_WORKSPACES_QUERY_KEY });
    },
  });
}

/** PATCH /app/admin/workspaces/{id} with the new quota in bytes. */
export function useUpdateWorkspaceQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspace, storage }: { workspace: AdminWorkspace; storage: number }) =>
      updateAdminWorkspaceQuota(workspace.id, storage),
    meta: {
      readErrorMessage: readFormLevelMessage((error) =>
        resolveWorkspaceFormError(error, tAdmin('workspaces.quotaFailed')),
      ),
    },
    onSuccess: async (_answer, { workspace }) => {
      notify.success(tAdmin('workspaces.quotaChanged', { name: workspace.name }));
      await queryClient.invalidateQueries({ queryKey: ADMIN_WORKSPACES_QUERY_KEY });
    },
  });
}

/** The members of one workspace and the calls that change them; each change loads both lists again. */
export function useWorkspaceMembers(workspace: AdminWorkspace) {
  const queryClient = useQueryClient();
  const key = membersKey(workspace.id);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchAdminWorkspaceMembers(workspace.id),
    meta: { errorMessage: tAdmin('workspaceMembers.fetchFailed') },
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: ADMIN_WORKSPACES_QUERY_KEY }),
    ]);

  const add = useMutation({
    mutationFn: ({ username, role }: { username: string; role: WorkspaceRole }) =>
      addAdminWorkspaceMember(workspace.id, { username, role }),
    meta: { errorMessage: tAdmin('workspaceMembers.addFailed') },
    onSuccess: async (member) => {
      notify.success(
        tAdmin('workspaceMembers.added', {
          username: member.username,
          role: tAdmin(`workspaceRoleLabels.${member.role}`),
        }),
      );
      await refresh();
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: WorkspaceRole }) =>
      updateAdminWorkspaceMember(workspace.id, userId, role),
    meta: { errorMessage: tAdmin('workspaceMembers.roleFailed') },
    onSuccess: async (member) => {
      notify.success(
        tAdmin('workspaceMembers.roleChanged', {
          username: member.username,
          role: tAdmin(`workspaceRoleLabels.${member.role}`),
        }),
      );
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: ({ userId }: { userId: number; username: string }) =>
      removeAdminWorkspaceMember(workspace.id, userId),
    meta: { errorMessage: tAdmin('workspaceMembers.removeFailed') },
    onSuccess: async (_answer, { username }) => {
      notify.success(tAdmin('workspaceMembers.removed', { username }));
      await refresh();
    },
  });
  return { query, add, changeRole, remove };
}
