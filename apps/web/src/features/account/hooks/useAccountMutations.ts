import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserProfile } from '@waymark/contract';
import { useNavigate } from 'react-router';
import { readFormLevelMessage } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { USER_PROFILE_QUERY_KEY } from '../../session/session.ts';
import { clearSession } from '../../session/sessionActions.ts';
import { changePassword, closeAccount, resendConfirmEmail, updateProfile } from '../api/accountApi.ts';
import { resolveAccountFormError } from '../accountFormErrors.ts';
import { tAccount } from '../../../i18n/account.ts';

export const PROFILE_FIELDS = ['first_name', 'last_name', 'email'] as const;
export const PASSWORD_FIELDS = ['old_password', 'password', 'confirm'] as const;

/** POST /app/auth/user/profile; the cached profile takes the answer's fields. */
export function useUpdateProfile(options: { fields: readonly string[] } = { fields: PROFILE_FIELDS }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: {
      successMessage: tAccount('profile.profileChanged'),
      readErrorMessage: readFormLevelMessage((error) =>
        resolveAccountFormError(error, options.fields, tAccount('profile.profileFailed')),
      ),
    },
    onSuccess: (info) => {
      queryClient.setQueryData<UserProfile>(USER_PROFILE_QUERY_KEY, (old) =>
        old ? { ...old, ...info } : old,
      );
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    meta: {
      successMessage: tAccount('profile.passwordChanged'),
      readErrorMessage: readFormLevelMessage((error) =>
        resolveAccountFormError(error, PASSWORD_FIELDS, tAccount('profile.passwordFailed')),
      ),
    },
  });
}

export function useResendConfirmEmail(email: string) {
  return useMutation({
    mutationFn: resendConfirmEmail,
    meta: {
      successMessage: tAccount('profile.emailSent', { email }),
      errorMessage: tAccount('profile.emailFailedCheckAddress'),
    },
  });
}

/** DELETE /v1/user, then the user is forgotten and sent to the sign-in page, which says the account is closed. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: closeAccount,
    meta: { errorMessage: tAccount('profile.closeFailed') },
    onSuccess: async () => {
      clearSession(queryClient, { hasSignedOut: true });
      notify.success(tAccount('profile.closed'));
      await navigate(LOGIN_PATH, { replace: true });
    },
  });
}
