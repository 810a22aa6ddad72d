import type { AccessTokenScope } from '@waymark/contract';

/**
 * What a call needs of a personal access token, by `METHOD route-pattern`: a scope, or `session` when no token
 * may make it (account security, the admin panel). Reads (GET, HEAD) need `read`; writes are listed: the changes
 * of project content need `write`, the administration of projects and workspaces `admin`; any other write,
 * including routes added later and not listed here, is for a browser session only.
 */
export type TokenNeed = AccessTokenScope | 'session';

/** Calls by POST that only read: a `read` token may make them. */
const READING_WRITES = new Set([
  'POST /v1/project/by_names',
  'POST /app/projects/:id/download',
  'POST /alive',
  // Signing out: a token has nothing to end, the call answers all the same.
  'POST /app/auth/logout',
]);

/** Changes of project content, and what a member does for themself. */
const CONTENT_WRITES = new Set([
  'POST /v1/project/:namespace',
  'POST /v1/project/clone/:namespace/:name',
  'POST /v1/project/push/:namespace/:name',
  'POST /v1/project/push/chunk/:transaction/:chunk',
  'POST /v1/project/push/finish/:transaction',
  'POST /v1/project/push/cancel/:transaction',
  'POST /v2/projects/:id/chunks',
  'POST /v2/projects/:id/versions',
  'POST /v2/projects/:id/restore',
  'POST /v2/projects/batch',
  'POST /app/project/access-request/:namespace/:name',
  'POST /app/project/unsubscribe/:id',
  'POST /v1/workspace/invitation/:id/accept',
  'POST /v2/diagnostic-logs',
]);

/** Administration of the projects (and workspaces) the user administers. */
const ADMIN_WRITES = new Set([
  'PUT /v1/project/:namespace/:name',
  'DELETE /v1/project/:namespace/:name',
  'POST /v2/projects/:id/scheduleDelete',
  'DELETE /v2/projects/:id',
  'PATCH /v2/projects/:id',
  'PATCH /app/project/:id/public',
  'POST /v2/projects/:id/collaborators',
  'PATCH /v2/projects/:id/collaborators/:user_id',
  'DELETE /v2/projects/:id/collaborators/:user_id',
  'POST /app/project/access-request/accept/:id',
  'DELETE /app/project/access-request/:id',
  'PATCH /v2/workspaces/:id/members/:user_id',
  'DELETE /v2/workspaces/:id/members/:user_id',
  'POST /v2/workspaces/:id/invitations',
  'DELETE /v1/workspace/invitation/:id',
]);

/** Reads that show credentials or the admin panel, and single sign-on's redirects: session only. */
const SESSION_READ_PREFIXES = [
  '/app/admin/',
  '/app/auth/tokens',
  '/app/auth/two-factor',
  '/app/auth/identities',
  '/app/auth/sso/',
];

const RANK: Record<AccessTokenScope, number> = { read: 0, write: 1, admin: 2 };

/** What the call `method pattern` needs of a token. */
export function tokenNeedOf(method: string, pattern: string): TokenNeed {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
    return SESSION_READ_PREFIXES.some((prefix) => pattern.startsWith(prefix)) ? 'session' : 'read';
  }
  const key = `${method} ${pattern}`;
  if (READING_WRITES.has(key)) return 'read';
  if (CONTENT_WRITES.has(key)) return 'write';
  if (ADMIN_WRITES.has(key)) return 'admin';
  return 'session';
}

/** True when a token of `scope` covers what a call needs. */
export function scopeCovers(scope: AccessTokenScope, need: TokenNeed): boolean {
  return need !== 'session' && RANK[scope] >= RANK[need];
}
