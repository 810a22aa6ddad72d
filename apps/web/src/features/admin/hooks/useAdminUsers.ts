import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminUpdateUserRequest, type AdminUser, type AdminUserSortField } from '@waymark/contract';
import { notify } from '../../../lib/notifications.ts';
import {
  type AdminListParams,
  deleteAdminUser,
  fetchAdminUsers,
  sendAdminPasswordReset,
  updateAdminUser,
} from '../api/adminApi.ts';
import { tAdmin } from '../../../i18n/admin.ts';

/** Every query of the admin panel lives under this key. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
export const ADMIN_USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'users'] as const;

/** One page of the users; the previous page stays on screen while the next loads. */
export function useAdminUsers(params: AdminListParams<AdminUserSortField>) {
  return useQuery({
    queryKey: [...ADMIN_USERS_QUERY_KEY, params],
    queryFn: () => fetchAdminUsers(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: tAdmin('users.fetchFailed') },
  });
}

function changedText(user: AdminUser, change: AdminUpdateUserRequest): string {
  if (change.is_admin !== undefined) {
    return change.is_admin
      ? tAdmin('users.madeSuperuser', { username: user.username })
      : tAdmin('users.removedSuperuser', { username: user.username });
  }
  return change.active
    ? tAdmin('users.reactivated', { username: user.username })
    : tAdmin('users.deactivated', { username: user.username });
}

/** PATCH /app/admin/user/{username}: superuser status or active state; the list loads again. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: AdminUser; change: AdminUpdateUserRequest }) =>
      updateAdminUser(user.username, change),
    meta: { errorMessage: tAdmin('users.updateFailed') },
    onSuccess: async (_answer, { user, change }) => {
      notify.success(changedText(user, change));
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
    },
  });
}

/** DELETE /app/admin/user/{username}; every admin list may have changed (memberships, workspaces). */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUser) => deleteAdminUser(user.username),
    meta: { errorMessage: tAdmin('users.deleteFailed') },
    onSuccess: async (_answer, user) => {
      notify.success(tAdmin('users.deleted', { username: user.username }));
      await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
  });
}

/** POST /app/admin/user/{username}/reset-password */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (user: AdminUser) => sendAdminPasswordReset(user.username),
    meta: { errorMessage: tAdmin('users.resetFailed') },
    onSuccess: (_answer, user) => notify.success(tAdmin('users.resetSent', { email: user.email })),
  });
}
