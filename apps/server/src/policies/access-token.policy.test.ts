import { apiRoutes, type Route } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { scopeCovers, tokenNeedOf } from './access-token.policy.ts';

/** Every `METHOD pattern` of the route table with what a token needs for it. */
function needs(): Map<string, string> {
  const result = new Map<string, string>();
  for (const table of Object.values(apiRoutes) as Array<Record<string, Route>>) {
    for (const route of Object.values(table)) {
      const methods = typeof route.method === 'string' ? [route.method] : route.method;
      for (const method of methods) result.set(`${method} ${route.path}`, tokenNeedOf(method, route.path));
    }
  }
  return result;
}

describe('what personal access tokens may call', () => {
  it('keeps account security and the admin panel to browser sessions', () => {
    const sessionOnly = [...needs()].filter(([, need]) => need === 'session').map(([route]) => route);
    // Written out: a new write route is for sessions until someone decides otherwise here.
    expect(sessionOnly.sort()).toEqual(
      [
        'DELETE /app/admin/tokens/:id',
        'DELETE /app/admin/user/:username',
        'DELETE /app/admin/user/:username/two-factor',
        'DELETE /app/admin/workspaces/:id/members/:user_id',
        'DELETE /app/auth/tokens/:id',
        'DELETE /app/auth/identities/:id',
        'GET /app/admin/sso',
        'GET /app/auth/identities',
        'GET /app/auth/sso/callback',
        'GET /app/auth/sso/start',
        'POST /app/auth/sso/link',
        'DELETE /app/project/removed-project/:id',
        'DELETE /v1/user',
        'GET /app/admin/diagnostic-logs',
        'GET /app/admin/diagnostic-logs/:name',
        'GET /app/admin/projects',
        'GET /app/admin/report',
        'GET /app/admin/server',
        'GET /app/admin/tokens',
        'GET /app/admin/usage',
        'GET /app/admin/user/:username',
        'GET /app/admin/users',
        'GET /app/admin/workspaces',
        'GET /app/admin/workspaces/:id/members',
        'GET /app/auth/tokens',
        'GET /app/auth/two-factor',
        'PATCH /app/admin/user/:username',
        'PATCH /app/admin/workspaces/:id',
        'PATCH /app/admin/workspaces/:id/members/:user_id',
        'POST /app/admin/user',
        'POST /app/admin/user/:username/reset-password',
        'POST /app/admin/workspaces',
        'POST /app/admin/workspaces/:id/members',
        'POST /app/auth/change-password',
        'POST /app/auth/confirm-email/:token',
        'POST /app/auth/login',
        'POST /app/auth/login/two-factor',
        'POST /app/auth/reset-password',
        'POST /app/auth/reset-password/:token',
        'POST /app/auth/resend-confirm-email',
        'POST /app/auth/tokens',
        'POST /app/auth/two-factor/disable',
        'POST /app/auth/two-factor/enable',
        'POST /app/auth/two-factor/recovery-codes',
        'POST /app/auth/two-factor/setup',
        'POST /app/auth/user/profile',
        'POST /app/project/removed-project/restore/:id',
        'POST /v1/auth/login',
        'POST /v2/users',
        'PUT /app/admin/maintenance',
        'PUT /app/workspaces/:id/two-factor',
        // Webhooks send the workspace's events to an address: a leaked token must not redirect them.
        'DELETE /app/workspaces/:id/webhooks/:webhook_id',
        'PATCH /app/workspaces/:id/webhooks/:webhook_id',
        'POST /app/workspaces/:id/webhooks',
        'POST /app/workspaces/:id/webhooks/:webhook_id/deliveries/:delivery_id/redeliver',
      ].sort(),
    );
  });

  it('ranks the scopes: read < write < admin', () => {
    const all = needs();
    expect(all.get('GET /v1/project/:namespace/:name')).toBe('read');
    expect(all.get('POST /v1/project/by_names')).toBe('read');
    expect(all.get('POST /v1/project/push/:namespace/:name')).toBe('write');
    expect(all.get('POST /v2/projects/:id/versions')).toBe('write');
    expect(all.get('PUT /v1/project/:namespace/:name')).toBe('admin');
    expect(all.get('DELETE /v2/projects/:id')).toBe('admin');
    expect([scopeCovers('read', 'read'), scopeCovers('read', 'write'), scopeCovers('read', 'admin')]).toEqual(
      [true, false, false],
    );
    expect([scopeCovers('write', 'write'), scopeCovers('write', 'admin')]).toEqual([true, false]);
    expect(scopeCovers('admin', 'admin')).toBe(true);
    expect(scopeCovers('admin', 'session')).toBe(false);
  });
});
