import type {
  LoginRequest,
  ResetPasswordRequest,
  ResetPasswordWithToken,
  WebLoginResponse,
} from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/**
 * POST /app/auth/login: on success the server sets the session cookie, unless the account has two-factor sign-in
 * on: then the answer holds the challenge of the second step.
 */
export async function login(body: LoginRequest): Promise<WebLoginResponse> {
  return api.auth.login({ body });
}

/** POST /app/auth/logout: ends the session (POST, so it carries the CSRF token; the reference's GET is not used). */
export async function logout(): Promise<void> {
  await api.auth.logout();
}

/** POST /app/auth/reset-password: the server emails a link to set a new password. */
export async function requestPasswordReset(body: ResetPasswordRequest): Promise<void> {
  await api.auth.requestPasswordReset({ body });
}

/** POST /app/auth/reset-password/{token}: sets a new password with the token of an emailed link. */
export async function changePasswordByToken(token: string, body: ResetPasswordWithToken): Promise<void> {
  await api.auth.resetPassword({ params: { token }, body });
}

/** GET /app/auth/reset-password/{token}: resolves while the emailed link still works, rejects (400) once it does not. */
export async function checkPasswordToken(token: string): Promise<void> {
  await api.auth.checkResetToken({ params: { token } });
}
