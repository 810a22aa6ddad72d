import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_TEXTS, type UserProfile } from '@waymark/contract';
import { useNavigate } from 'react-router';
import { readFormLevelMessage } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { USER_PROFILE_QUERY_KEY } from '../../session/session.ts';
import { clearSession } from '../../session/sessionActions.ts';
import { changePassword, closeAccount, resendConfirmEmail, updateProfile } from '../api/accountApi.ts';
import { resolveAccountFormError } from '../accountFormErrors.ts';

export const PROFILE_FIELDS = ['first_name', 'last_name', 'email'] as const;
export const PASSWORD_FIELDS = ['old_password', 'password', 'confirm'] as const;

/** POST /app/auth/user/profile; the cached profile takes the answer's fields. */
export function useUpdateProfile(options: { fields: readonly string[] } = { fields: PROFILE_FIELDS }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: {
      successMessage: PROFILE_TEXTS.profileChanged,
      readErrorMessage: readFormLevelMessage((error) =>
        resolveAccountFormError(error, options.fields, PROFILE_TEXTS.profileFailed),
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
      successMessage: PROFILE_TEXTS.passwordChanged,
      readErrorMessage: readFormLevelMessage((error) =>
        resolveAccountFormError(error, PASSWORD_FIELDS, PROFILE_TEXTS.passwordFailed),
      ),
    },
  });
}

export function useResendConfirmEmail(email: string) {
  return useMutation({
    mutationFn: resendConfirmEmail,
    meta: {
      successMessage: PROFILE_TEXTS.emailSent(email),
      errorMessage: PROFILE_TEXTS.emailFailedCheckAddress,
    },
  });
}

/** DELETE /v1/user, then the user is forgotten and sent to the sign-in page, which says the account is closed. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: closeAccount,
    meta: { errorMessage: PROFILE_TEXTS.closeFailed },
    onSuccess: async () => {
      clearSession(queryClient, { hasSignedOut: true });
      notify.success(PROFILE_TEXTS.closed);
      await navigate(LOGIN_PATH, { replace: true });
    },
  });
}
