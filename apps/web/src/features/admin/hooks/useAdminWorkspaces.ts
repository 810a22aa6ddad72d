import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_WORKSPACES_TEXTS,
  type AdminCreateWorkspaceRequest,
  type AdminWorkspace,
  type AdminWorkspaceSortField,
  WORKSPACE_MEMBERS_TEXTS,
  WORKSPACE_ROLE_LABELS,
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

export const ADMIN_WORKSPACES_QUERY_KEY = [...ADMIN_QUERY_KEY, 'workspaces'] as const;
const membersKey = (id: number) => [...ADMIN_QUERY_KEY, 'workspace-members', id] as const;

/** One page of the workspaces. */
export function useAdminWorkspaces(params: AdminListParams<AdminWorkspaceSortField>) {
  return useQuery({
    queryKey: [...ADMIN_WORKSPACES_QUERY_KEY, params],
    queryFn: () => fetchAdminWorkspaces(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: ADMIN_WORKSPACES_TEXTS.fetchFailed },
  });
}

/** POST /app/admin/workspaces; form errors go under the name or the quota. */
export function useCreateAdminWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateWorkspaceRequest) => createAdminWorkspace(body),
    meta: {
      readErrorMessage: readFormLevelMessage((error) =>
        resolveWorkspaceFormError(error, ADMIN_WORKSPACES_TEXTS.createFailed),
      ),
    },
    onSuccess: async (workspace) => {
      notify.success(ADMIN_WORKSPACES_TEXTS.created(workspace.name));
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
        resolveWorkspaceFormError(error, ADMIN_WORKSPACES_TEXTS.quotaFailed),
      ),
    },
    onSuccess: async (_answer, { workspace }) => {
      notify.success(ADMIN_WORKSPACES_TEXTS.quotaChanged(workspace.name));
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
    meta: { errorMessage: WORKSPACE_MEMBERS_TEXTS.fetchFailed },
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: ADMIN_WORKSPACES_QUERY_KEY }),
    ]);

  const add = useMutation({
    mutationFn: ({ username, role }: { username: string; role: WorkspaceRole }) =>
      addAdminWorkspaceMember(workspace.id, { username, role }),
    meta: { errorMessage: WORKSPACE_MEMBERS_TEXTS.addFailed },
    onSuccess: async (member) => {
      notify.success(WORKSPACE_MEMBERS_TEXTS.added(member.username, WORKSPACE_ROLE_LABELS[member.role]));
      await refresh();
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: WorkspaceRole }) =>
      updateAdminWorkspaceMember(workspace.id, userId, role),
    meta: { errorMessage: WORKSPACE_MEMBERS_TEXTS.roleFailed },
    onSuccess: async (member) => {
      notify.success(
        WORKSPACE_MEMBERS_TEXTS.roleChanged(member.username, WORKSPACE_ROLE_LABELS[member.role]),
      );
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: ({ userId }: { userId: number; username: string }) =>
      removeAdminWorkspaceMember(workspace.id, userId),
    meta: { errorMessage: WORKSPACE_MEMBERS_TEXTS.removeFailed },
    onSuccess: async (_answer, { username }) => {
      notify.success(WORKSPACE_MEMBERS_TEXTS.removed(username));
      await refresh();
    },
  });
  return { query, add, changeRole, remove };
}
