import { type AccessTokenScope, ERROR_TEXTS, SECURITY_TEXTS } from '@waymark/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { scopeCovers, tokenNeedOf } from '../policies/access-token.policy.ts';
import type { UserRow } from '../repositories/user.repository.ts';

/**
 * What a member of a workspace requiring two-factor sign-in may do before turning it on: load the app, read their
 * profile and workspaces, turn two-factor on, sign out. `METHOD route-pattern`, as matched.
 */
const BEFORE_TWO_FACTOR = new Set([
  'GET /app/init',
  'GET /ping',
  'GET /config',
  'GET /app/auth/refresh/csrf',
  'GET /v1/user/profile',
  'GET /v1/workspaces',
  'POST /app/auth/login',
  'POST /app/auth/login/two-factor',
  'POST /app/auth/logout',
  'GET /app/auth/logout',
  'GET /app/auth/two-factor',
  'POST /app/auth/two-factor/setup',
  'POST /app/auth/two-factor/enable',
]);

/** Refuses (403) a call that a personal access token of `scope` does not cover (policies/access-token.policy.ts). */
export function checkTokenScope(request: FastifyRequest, scope: AccessTokenScope): void {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return;
  const need = tokenNeedOf(request.method, pattern);
  if (scopeCovers(scope, need)) return;
  throw forbidden(
    need === 'session' ? SECURITY_TEXTS.tokenNotAllowed : SECURITY_TEXTS.tokenScopeTooLow(need),
    {
      code: 'TokenScope',
    },
  );
}

/** Refuses (403) the calls of a user whom a workspace requires to turn two-factor sign-in on, until they do. */
export async function checkTwoFactorRule(
  context: AppContext,
  request: FastifyRequest,
  user: UserRow,
): Promise<void> {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || BEFORE_TWO_FACTOR.has(`${request.method} ${pattern}`)) return;
  const required = await context.twoFactor.requiredOf(user);
  if (required.length > 0) {
    throw forbidden(SECURITY_TEXTS.requiredByWorkspace(required), { code: 'TwoFactorRequired' });
  }
}

/**
 * The cookie of 'remember this device' (two-factor sign-in): sent only to the sign-in call, which it spares the
 * code while the enrolment and the user's token epoch are those it was made for.
 */
export const REMEMBER_DEVICE_COOKIE = 'two_factor_device';

/** The user of a browser session, or 401 (anonymous) / 403 (Bearer or personal access token): credentials are managed in the browser. */
export function requireSessionUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized(ERROR_TEXTS.authRequired);
  if (request.auth.via !== 'session') throw forbidden(SECURITY_TEXTS.tokenNotAllowed, { code: 'TokenScope' });
  return request.auth.user;
}
