import {
  changePasswordRequestSchema,
  resetTokenParamsSchema,
  updateProfileRequestSchema,
  userInfoSchema,
} from '../user.ts';
import type { RouteTable } from './route.ts';
import { emptyResponses, noContentResponses } from './shared.ts';

/** A person's own account: profile, password, e-mail confirmation and closing the account. */
export const accountRoutes = {
  updateProfile: {
    method: 'POST',
    path: '/app/auth/user/profile',
    body: updateProfileRequestSchema,
    responses: { 200: userInfoSchema },
  },
  changePassword: {
    method: 'POST',
    path: '/app/auth/change-password',
    body: changePasswordRequestSchema,
    responses: emptyResponses,
  },
  confirmEmail: {
    method: 'POST',
    path: '/app/auth/confirm-email/:token',
    params: resetTokenParamsSchema,
    responses: emptyResponses,
  },
  // POST is the web app's call; GET is the reference's, checked for CSRF like a write.
  resendConfirmation: {
    method: ['POST', 'GET'],
    path: '/app/auth/resend-confirm-email',
    responses: emptyResponses,
  },
  close: { method: 'DELETE', path: '/v1/user', responses: noContentResponses },
} as const satisfies RouteTable;
