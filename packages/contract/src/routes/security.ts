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
import {
  adminSsoStatusSchema,
  identityListSchema,
  identityParamsSchema,
  ssoCallbackQuerySchema,
  ssoLinkStartSchema,
  ssoStartQuerySchema,
} from '../sso.ts';
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

/**
 * Single sign-on with an OpenID provider (authorization code flow, PKCE, state and nonce): the browser's redirect
 * to the provider and back, linking from the Security card, and the admin panel's status.
 */
export const ssoRoutes = {
  /** Redirects (302) to the provider's sign-in; back at `callback`. */
  start: {
    method: 'GET',
    path: '/app/auth/sso/start',
    query: ssoStartQuerySchema,
    responses: { 302: noContentResponseSchema },
  },
  /** The provider's redirect back: signs in (or links) and redirects (302) into the app, errors to /login. */
  callback: {
    method: 'GET',
    path: '/app/auth/sso/callback',
    query: ssoCallbackQuerySchema,
    responses: { 302: noContentResponseSchema },
  },
  /** The signed-in user starts linking a provider account: answers where the browser goes. */
  link: { method: 'POST', path: '/app/auth/sso/link', responses: { 200: ssoLinkStartSchema } },
  identities: { method: 'GET', path: '/app/auth/identities', responses: { 200: identityListSchema } },
  unlink: {
    method: 'DELETE',
    path: '/app/auth/identities/:id',
    params: identityParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
  adminStatus: { method: 'GET', path: '/app/admin/sso', responses: { 200: adminSsoStatusSchema } },
} as const satisfies RouteTable;
