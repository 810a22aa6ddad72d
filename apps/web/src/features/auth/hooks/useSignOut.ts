import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../session/sessionActions.ts';
import { logout } from '../api/authApi.ts';
import { tCommon } from '../../../i18n/common.ts';

/**
 * SPEC §4 "Logout": POST /app/auth/logout (the reference's GET, as a write, with the CSRF token), forget the user, then reload when already on "/", otherwise
 * go to "/" (which sends a visitor on to the sign-in page). Returns the function that signs out.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const mutation = useMutation({
    mutationFn: logout,
    meta: { errorMessage: tCommon('shell.signOutFailed') },
    onSuccess: async () => {
      clearSession(queryClient, { hasSignedOut: true });
      if (pathname === '/') {
        window.location.reload();
        return;
      }
      // The signed-out flag makes the guards send the user home rather than to
      // /login?redirect=<the page they left>, should they run for the page being left.
      await navigate('/', { replace: true });
    },
  });
  return () => mutation.mutate();
}
