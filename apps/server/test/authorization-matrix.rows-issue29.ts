import type { MatrixRow } from './authorization-matrix.rows.ts';

/** Every signed-in persona alike. */
const SIGNED_IN = (ok: number) => [401, ok, ok, ok, ok, ok, ok, ok, ok] as const;
/** Superusers only. */
const SUPERUSER = (ok: number) => [401, 403, 403, 403, 403, 403, 403, 403, ok] as const;

/**
 * Rows of the routes issue 29 added: personal access tokens, two-factor sign-in and single sign-on. The personas use browser
 * sessions; what tokens may do is access-tokens.test.ts's. Same columns as authorization-matrix.rows.ts:
 *
 *   anonymous, stranger, reader, editor, writer, owner, wsAdmin, wsGuest, superuser
 */
export const ISSUE_29_ROWS: MatrixRow[] = [
  {
    route: 'GET /app/auth/tokens',
    target: 'none',
    expect: { any: SIGNED_IN(200) },
    call: ({ client }) => client.get('/app/auth/tokens'),
  },
  {
    route: 'POST /app/auth/tokens',
    target: 'none',
    expect: { any: SIGNED_IN(201) },
    call: ({ client, unique }) =>
      client.post('/app/auth/tokens', { name: `t-${unique}`, scope: 'read', expires_in_days: 1 }),
  },
  {
    route: 'DELETE /app/auth/tokens/{id}',
    variant: 'a token of nobody',
    target: 'none',
    expect: { any: SIGNED_IN(404) },
    call: ({ client }) => client.request('DELETE', '/app/auth/tokens/2147483000'),
  },
  {
    route: 'GET /app/admin/tokens',
    target: 'none',
    expect: { any: SUPERUSER(200) },
    call: ({ client }) => client.get('/app/admin/tokens'),
  },
  {
    route: 'DELETE /app/admin/tokens/{id}',
    variant: 'a token of nobody',
    target: 'none',
    expect: { any: SUPERUSER(404) },
    call: ({ client }) => client.request('DELETE', '/app/admin/tokens/2147483000'),
  },
  {
    route: 'GET /app/auth/two-factor',
    target: 'none',
    expect: { any: SIGNED_IN(200) },
    call: ({ client }) => client.get('/app/auth/two-factor'),
  },
  {
    route: 'POST /app/auth/two-factor/setup',
    target: 'none',
    expect: { any: SIGNED_IN(200) },
    call: ({ client }) => client.post('/app/auth/two-factor/setup'),
  },
  {
    route: 'POST /app/auth/two-factor/enable',
    variant: 'a wrong code after the set-up',
    target: 'none',
    expect: { any: SIGNED_IN(400) },
    call: async ({ client }) => {
      await client.post('/app/auth/two-factor/setup');
      return client.post('/app/auth/two-factor/enable', { code: 'abcdef' });
    },
  },
  {
    route: 'POST /app/auth/two-factor/disable',
    variant: 'a wrong password',
    target: 'none',
    expect: { any: SIGNED_IN(400) },
    call: ({ client }) => client.post('/app/auth/two-factor/disable', { password: 'not-the-password' }),
  },
  {
    route: 'POST /app/auth/two-factor/recovery-codes',
    variant: 'a wrong password',
    target: 'none',
    expect: { any: SIGNED_IN(400) },
    call: ({ client }) =>
      client.post('/app/auth/two-factor/recovery-codes', { password: 'not-the-password' }),
  },
  {
    route: 'POST /app/auth/login/two-factor',
    variant: 'a forged challenge',
    target: 'none',
    expect: { any: [401, 401, 401, 401, 401, 401, 401, 401, 401] },
    call: ({ client }) =>
      client.post('/app/auth/login/two-factor', { challenge: '1.1.forged', code: '123456' }),
  },
  {
    route: 'GET /app/workspaces/two-factor',
    target: 'none',
    expect: { any: SIGNED_IN(200) },
    call: ({ client }) => client.get('/app/workspaces/two-factor'),
  },
  {
    route: 'PUT /app/workspaces/{id}/two-factor',
    variant: 'not required (required would need own two-factor and bar the other rows)',
    target: 'none',
    expect: { any: [401, 403, 403, 403, 403, 403, 200, 403, 200] },
    call: ({ client, world }) =>
      client.request('PUT', `/app/workspaces/${world.workspaceId}/two-factor`, { require_two_factor: false }),
  },
  {
    route: 'DELETE /app/admin/user/{username}/two-factor',
    variant: 'a user without it',
    target: 'none',
    expect: { any: SUPERUSER(409) },
    call: ({ client }) => client.request('DELETE', '/app/admin/user/p-reader/two-factor'),
  },
  // Single sign-on (the matrix's server has no provider configured).
  {
    route: 'GET /app/auth/sso/start',
    variant: 'not configured: back to the sign-in page',
    target: 'none',
    expect: { any: [302, 302, 302, 302, 302, 302, 302, 302, 302] },
    call: ({ client }) => client.step('/app/auth/sso/start'),
  },
  {
    route: 'GET /app/auth/sso/callback',
    variant: 'not configured: back to the sign-in page',
    target: 'none',
    expect: { any: [302, 302, 302, 302, 302, 302, 302, 302, 302] },
    call: ({ client }) => client.step('/app/auth/sso/callback?state=x&code=y'),
  },
  {
    route: 'POST /app/auth/sso/link',
    variant: 'not configured',
    target: 'none',
    expect: { any: SIGNED_IN(404) },
    call: ({ client }) => client.post('/app/auth/sso/link'),
  },
  {
    route: 'GET /app/auth/identities',
    target: 'none',
    expect: { any: SIGNED_IN(200) },
    call: ({ client }) => client.get('/app/auth/identities'),
  },
  {
    route: 'DELETE /app/auth/identities/{id}',
    variant: 'a link of nobody',
    target: 'none',
    expect: { any: SIGNED_IN(404) },
    call: ({ client }) => client.request('DELETE', '/app/auth/identities/2147483000'),
  },
  {
    route: 'GET /app/admin/sso',
    target: 'none',
    expect: { any: SUPERUSER(200) },
    call: ({ client }) => client.get('/app/admin/sso'),
  },
];
