import { emptyResponseSchema } from '../ids.ts';
import {
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordWithTokenSchema,
  resetTokenParamsSchema,
} from '../user.ts';
import { resetPasswordRequestSchema } from '../web-auth.ts';
import type { RouteTable } from './route.ts';

/** Browser sign-in (session cookie) and API sign-in (Bearer token in the Mergin format). */
export const authRoutes = {
  login: {
    method: 'POST',
    path: '/app/auth/login',
    body: loginRequestSchema,
    responses: { 200: emptyResponseSchema },
  },
  // POST is the web app's call; GET is the reference's, checked for CSRF like a write.
  logout: { method: ['POST', 'GET'], path: '/app/auth/logout', responses: { 200: emptyResponseSchema } },
  requestPasswordReset: {
    method: 'POST',
    path: '/app/auth/reset-password',
    body: resetPasswordRequestSchema,
    responses: { 200: emptyResponseSchema },
  },
  checkResetToken: {
    method: 'GET',
    path: '/app/auth/reset-password/:token',
    params: resetTokenParamsSchema,
    responses: { 200: emptyResponseSchema },
  },
  resetPassword: {
    method: 'POST',
    path: '/app/auth/reset-password/:token',
    params: resetTokenParamsSchema,
    body: resetPasswordWithTokenSchema,
    responses: { 200: emptyResponseSchema },
  },
  apiLogin: {
    method: 'POST',
    path: '/v1/auth/login',
    body: loginRequestSchema,
    responses: { 200: loginResponseSchema },
  },
} as const satisfies RouteTable;
