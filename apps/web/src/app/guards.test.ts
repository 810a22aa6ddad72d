import { describe, expect, it } from 'vitest';
import { type GuardInput, resolveGuard } from './guards.ts';
import type { RouteHandle } from './routeHandle.ts';

const visitor = { isAuthenticated: false, isSuperuser: false };
const member = { isAuthenticated: true, isSuperuser: false };
const superuser = { isAuthenticated: true, isSuperuser: true };

function guard(handles: (RouteHandle | undefined)[], session: GuardInput['session'], fullPath = '/x') {
  return resolveGuard({ handles, session, fullPath });
}

describe('resolveGuard', () => {
  it('opens public routes to visitors', () => {
    expect(guard([undefined, { public: true }], visitor)).toEqual({ type: 'allow' });
  });

  it('sends visitors of private routes to sign in with the full original path', () => {
    expect(guard([undefined, { sidebar: true }, { name: 'dashboard' }], visitor, '/dashboard')).toEqual({
      type: 'redirect',
      to: '/login?redirect=/dashboard',
    });
    const decision = guard(
      [{ sidebar: true }, { name: 'project-settings' }],
      visitor,
      '/projects/a/b/settings?tab=1#top',
    );
    expect(decision).toEqual({
      type: 'redirect',
      to: '/login?redirect=/projects/a/b/settings?tab%3D1%23top',
    });
  });

  it('honours a configured login path', () => {
    expect(resolveGuard({ handles: [{}], session: visitor, fullPath: '/p', loginPath: '/sso' })).toEqual({
      type: 'redirect',
      to: '/sso?redirect=/p',
    });
  });

  it('lets signed-in users through private routes', () => {
    expect(guard([{ sidebar: true }, { name: 'dashboard' }], member)).toEqual({ type: 'allow' });
  });

  it('lets the deepest route that sets the public flag decide', () => {
    const projects = { public: true };
    const project = { public: false };
    expect(guard([projects, project, { name: 'project-settings' }], visitor).type).toBe('redirect');
    expect(guard([project, { name: 'project-tree', public: true }], visitor).type).toBe('allow');
    expect(guard([projects, { name: 'namespace-projects' }], visitor).type).toBe('allow');
  });

  it('requires a superuser on admin routes and sends others to the dashboard', () => {
    const admin = [{ sidebar: true }, { name: 'admin' as const, superuser: true }];
    expect(guard(admin, superuser)).toEqual({ type: 'allow' });
    expect(guard(admin, member)).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(guard(admin, visitor, '/admin')).toEqual({ type: 'redirect', to: '/login?redirect=/admin' });
  });

  it('sends signed-in users from the sign-in page to the dashboard, whatever its redirect query', () => {
    const login = [{ name: 'login' as const, public: true, anonymousOnly: true }];
    expect(guard(login, member, '/login')).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(guard(login, member, '/login?redirect=/profile')).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(guard(login, visitor, '/login')).toEqual({ type: 'allow' });
  });

  it('sends a user who just signed out home rather than back to sign in for the page they left', () => {
    expect(guard([{ name: 'dashboard' }], { ...visitor, hasSignedOut: true }, '/dashboard')).toEqual({
      type: 'redirect',
      to: '/',
    });
  });
});
