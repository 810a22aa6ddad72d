import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminCreateUserRequest } from '@waymark/contract';
import { readFormLevelMessage } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { resolveAccountFormError } from '../../account/accountFormErrors.ts';
import { createAdminUser } from '../api/adminApi.ts';
import { ADMIN_USERS_QUERY_KEY } from './useAdminUsers.ts';
import { tAdmin } from '../../../i18n/admin.ts';

/** Fields of the create user form the server may name in a refusal. */
export const CREATE_USER_FIELDS = ['username', 'email', 'password', 'confirm'] as const;

export function resolveCreateUserError(error: unknown) {
  return resolveAccountFormError(error, CREATE_USER_FIELDS, tAdmin('createUser.failed'));
}

/** POST /app/admin/user; the users list loads again. Field errors go under the fields, not into a toast. */
export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserRequest) => createAdminUser(body),
    meta: { readErrorMessage: readFormLevelMessage(resolveCreateUserError) },
    onSuccess: async (user, body) => {
      notify.success(
        body.password === undefined
          ? tAdmin('createUser.invited', { email: user.email })
          : tAdmin('createUser.created', { username: user.username }),
      );
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
    },
  });
}
