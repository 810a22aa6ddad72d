import { type AccessTokenScope, ERROR_TEXTS, MAINTENANCE_TEXT } from '@waymark/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { checkCsrfToken, issueCsrfToken } from '../lib/csrf-token.ts';
import { invalid, unavailable, unauthorized } from '../lib/errors.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import { isAccessToken } from '../services/access-token.service.ts';
import { checkTokenScope, checkTwoFactorRule } from './security-gates.ts';

export const SESSION_COOKIE = 'session';

/** How the caller proved who they are: a browser session, the API login's Bearer token, a personal access token. */
export type Auth =
  | { user: UserRow; via: 'session'; sessionId: string }
  | { user: UserRow; via: 'bearer' }
  | { user: UserRow; via: 'token'; tokenId: number; scope: AccessTokenScope };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Writes allowed in read-only maintenance mode (as in the reference server), as `METHOD route-pattern` of the
 * matched route: exact routes, never path prefixes, so `POST /v1/project/by_names_team` (the create-project route
 * `/v1/project/:namespace`) is refused while the lookup `POST /v1/project/by_names` is not; `POST /alive` is the
 * health check.
 */
const MAINTENANCE_ALLOWED = new Set([
  'POST /app/auth/login',
  // Signing out stays possible (the reference's GET always was).
  'POST /app/auth/logout',
  'GET /app/auth/logout',
  // The admin switch itself (superusers only, decided by its service), or nobody could turn maintenance off.
  'PUT /app/admin/maintenance',
  'POST /v1/auth/login',
  'POST /v1/project/by_names',
  'POST /alive',
]);

/**
 * Routes of the reference that change state on GET (the web app uses their POST twins). Their GETs are treated as
 * writes: a session caller must send the X-CSRF-Token header, which a link, image or form on another site cannot
 * (the session cookie is SameSite=Lax, so it does go along with a top-level navigation from elsewhere), and
 * maintenance mode applies. Bearer callers are unaffected, as for every write.
 */
const STATE_CHANGING_GETS = new Set(['/app/auth/logout', '/app/auth/resend-confirm-email']);

/** True for writes, and for the GETs (and HEADs) of the routes that change state. */
function changesState(request: FastifyRequest): boolean {
  if (!SAFE_METHODS.has(request.method)) return true;
  const pattern = request.routeOptions.url;
  return request.method !== 'OPTIONS' && pattern !== undefined && STATE_CHANGING_GETS.has(pattern);
}

/** True when the matched route is one of the writes allowed in maintenance mode; unmatched requests never are. */
function allowedInMaintenance(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return pattern !== undefined && MAINTENANCE_ALLOWED.has(`${request.method} ${pattern}`);
}

/** The session id the CSRF token is bound to; anonymous visitors share one binding. */
export function csrfBinding(request: FastifyRequest): string {
  return request.auth?.via === 'session' ? request.auth.sessionId : 'anonymous';
}

export function csrfTokenFor(context: AppContext, request: FastifyRequest): string {
  return issueCsrfToken(context.config.secretKey, csrfBinding(request));
}

/** The signed-in user, or 401 with the reference text. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized(ERROR_TEXTS.authRequired);
  return request.auth.user;
}

/** The caller as the policies see them; null for anonymous visitors. */
export function actorOrAnonymous(request: FastifyRequest): Actor {
  return request.auth ? { id: request.auth.user.id, isAdmin: request.auth.user.isAdmin } : null;
}

/** The signed-in caller as the policies see them, or 401. */
export function requireActor(request: FastifyRequest): NonNullable<Actor> {
  const user = requireUser(request);
  return { id: user.id, isAdmin: user.isAdmin };
}

export function setSessionCookie(
  context: AppContext,
  reply: FastifyReply,
  value: string,
  expiresAt: Date,
  request: FastifyRequest,
): void {
  reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || context.config.baseUrl?.startsWith('https://') === true,
    expires: expiresAt,
  });
}

/** True when a string anywhere in the value holds a NUL character, which PostgreSQL text cannot store. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // Only parsed JSON and query objects: a streamed body (an upload chunk) is bytes, not text.
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
}

/** Resolves the caller (session cookie or Bearer token), then applies maintenance mode and CSRF checks. */
export function registerAuth(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('auth', null);

  app.addHook('preHandler', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw invalid('Invalid input: NUL characters are not allowed');
    }
  });

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      // An invalid or expired token makes an anonymous caller: public calls still work, others answer 401.
      const token = header.slice('Bearer '.length).trim();
      if (isAccessToken(token)) {
        const found = await context.accessTokens.resolve(token);
        if (found)
          request.auth = { user: found.user, via: 'token', tokenId: found.tokenId, scope: found.scope };
      } else {
        const user = await context.auth.resolveBearer(token);
        if (user) request.auth = { user, via: 'bearer' };
      }
    } else {
      const cookie = request.cookies[SESSION_COOKIE];
      const found = cookie ? await context.auth.resolveSession(cookie) : undefined;
      if (found) request.auth = { user: found.user, via: 'session', sessionId: found.sessionId };
    }
    // A personal access token only makes the calls its scope covers; a member of a workspace that requires
    // two-factor sign-in, without it, only turns it on.
    if (request.auth?.via === 'token') checkTokenScope(request, request.auth.scope);
    if (request.auth) await checkTwoFactorRule(context, request, request.auth.user);

    if (!changesState(request)) return;
    if (!allowedInMaintenance(request) && (await context.maintenance.isOn())) {
      throw unavailable(MAINTENANCE_TEXT);
    }
    if (request.auth?.via === 'session') {
      const token = request.headers['x-csrf-token'];
      const check = checkCsrfToken(
        context.config.secretKey,
        csrfBinding(request),
        Array.isArray(token) ? token[0] : token,
      );
      if (check === 'missing') throw invalid(ERROR_TEXTS.csrfMissing);
      if (check === 'invalid') throw invalid('The CSRF token is invalid.');
      if (check === 'expired') throw invalid(ERROR_TEXTS.csrfExpired);
    }
  });
}
