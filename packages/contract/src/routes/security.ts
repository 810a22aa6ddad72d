import { adminUsernameParamsSchema } from '../admin.ts';
import { emptyResponseSchema, noContentResponseSchema } from '../ids.ts';
import {
  accessTokenListSchema,
  accessTokenParamsSchema,
  adminAccessTokenListSchema,
  createAccessTokenRequestSchema,
  createdAccessTokenSchema,
  passwordConfirmRequestSchema,
  recoveryCodesSchema,
  twoFactorEnableRequestSchema,
  twoFactorLoginRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  workspaceTwoFactorListSchema,
  workspaceTwoFactorParamsSchema,
  workspaceTwoFactorRequestSchema,
  workspaceTwoFactorSchema,
} from '../security.ts';
import type { RouteTable } from './route.ts';

/**
 * Personal access tokens: the signed-in user's own (a browser session only: a token cannot make tokens), and every
 * user's for superusers.
 */
export const accessTokenRoutes = {
  list: { method: 'GET', path: '/app/auth/tokens', responses: { 200: accessTokenListSchema } },
  create: {
    method: 'POST',
    path: '/app/auth/tokens',
    body: createAccessTokenRequestSchema,
    responses: { 201: createdAccessTokenSchema },
  },
  revoke: {
    method: 'DELETE',
    path: '/app/auth/tokens/:id',
    params: accessTokenParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
  adminList: { method: 'GET', path: '/app/admin/tokens', responses: { 200: adminAccessTokenListSchema } },
  adminRevoke: {
    method: 'DELETE',
    path: '/app/admin/tokens/:id',
    params: accessTokenParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
} as const satisfies RouteTable;

/** Two-factor sign-in: enrolment from the profile, the sign-in's second step, workspace rules, superuser reset. */
export const twoFactorRoutes = {
  status: { method: 'GET', path: '/app/auth/two-factor', responses: { 200: twoFactorStatusSchema } },
  setup: { method: 'POST', path: '/app/auth/two-factor/setup', responses: { 200: twoFactorSetupSchema } },
  enable: {
    method: 'POST',
    path: '/app/auth/two-factor/enable',
    body: twoFactorEnableRequestSchema,
    responses: { 200: recoveryCodesSchema },
  },
  disable: {
    method: 'POST',
    path: '/app/auth/two-factor/disable',
    body: passwordConfirmRequestSchema,
    responses: { 200: emptyResponseSchema },
  },
  recoveryCodes: {
    method: 'POST',
    path: '/app/auth/two-factor/recovery-codes',
    body: passwordConfirmRequestSchema,
    responses: { 200: recoveryCodesSchema },
  },
  login: {
    method: 'POST',
    path: '/app/auth/login/two-factor',
    body: twoFactorLoginRequestSchema,
    responses: { 200: emptyResponseSchema },
  },
  workspaces: {
    method: 'GET',
    path: '/app/workspaces/two-factor',
    responses: { 200: workspaceTwoFactorListSchema },
  },
  setWorkspace: {
    method: 'PUT',
    path: '/app/workspaces/:id/two-factor',
    params: workspaceTwoFactorParamsSchema,
    body: workspaceTwoFactorRequestSchema,
    responses: { 200: workspaceTwoFactorSchema },
  },
  adminReset: {
    method: 'DELETE',
    path: '/app/admin/user/:username/two-factor',
    params: adminUsernameParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
} as const satisfies RouteTable;
