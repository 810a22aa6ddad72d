import {
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordWithTokenSchema,
  resetTokenParamsSchema,
} from '../user.ts';
import { webLoginResponseSchema } from '../security.ts';
import { resetPasswordRequestSchema } from '../web-auth.ts';
import type { RouteTable } from './route.ts';
import { emptyResponses } from './shared.ts';

/** The path of a password reset link, with its parameters. */
const resetToken = { path: '/app/auth/reset-password/:token', params: resetTokenParamsSchema } as const;

/** Browser sign-in (session cookie) and API sign-in (Bearer token in the Mergin format). */
export const authRoutes = {
  login: {
    method: 'POST',
    path: '/app/auth/login',
    body: loginRequestSchema,
    responses: { 200: webLoginResponseSchema },
  },
  // POST is the web app's call; GET is the reference's, checked for CSRF like a write.
  logout: { method: ['POST', 'GET'], path: '/app/auth/logout', responses: emptyResponses },
  requestPasswordReset: {
    method: 'POST',
    path: '/app/auth/reset-password',
    body: resetPasswordRequestSchema,
    responses: emptyResponses,
  },
  checkResetToken: {
    method: 'GET',
    ...resetToken,
    responses: emptyResponses,
  },
  resetPassword: {
    method: 'POST',
    ...resetToken,
    body: resetPasswordWithTokenSchema,
    responses: emptyResponses,
  },
  apiLogin: {
    method: 'POST',
    path: '/v1/auth/login',
    body: loginRequestSchema,
    responses: { 200: loginResponseSchema },
  },
} as const satisfies RouteTable;
