import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ANONYMOUS_SESSION,
  CONFIG_QUERY_KEY,
  PING_QUERY_KEY,
  SESSION_QUERY_KEY,
} from '../features/session/session.ts';
import { createGuardLoader, shouldRerunGuards } from './guardLoader.ts';

type Args = Parameters<typeof shouldRerunGuards>[0];

function rerun(from: string, to: string): boolean {
  const args = {
    currentUrl: new URL(from, 'http://app'),
    nextUrl: new URL(to, 'http://app'),
  } as Partial<Args> as Args;
  return shouldRerunGuards(args);
}

describe('shouldRerunGuards', () => {
  it('runs the guards again for another path, and for a revalidation of the same address', () => {
    expect(rerun('/dashboard', '/admin')).toBe(true);
    expect(rerun('/profile', '/login?redirect=/profile')).toBe(true);
    expect(rerun('/profile', '/profile')).toBe(true);
  });

  it('leaves them be when only the query changes', () => {
    expect(rerun('/projects', '/projects?page=2')).toBe(false);
  });
});

describe('the guard loader', () => {
  const routes: RouteObject[] = [{ path: '/', children: [{ path: 'profile' }] }];

  afterEach(() => window.history.replaceState(null, '', '/'));

  async function redirectOf(address: string): Promise<string | null> {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, ANONYMOUS_SESSION);
    queryClient.setQueryData(PING_QUERY_KEY, { maintenance: false });
    queryClient.setQueryData(CONFIG_QUERY_KEY, {});
    const loader = createGuardLoader(queryClient, () => routes);
    const answer = (await loader({
      request: new Request(new URL(address, window.location.origin)),
      params: {},
      context: undefined,
    } as Parameters<typeof loader>[0])) as Response | null;
    return answer?.headers.get('Location') ?? null;
  }

  it("sends a visitor to sign in with the full address, the hash too, on the browser's own address", async () => {
    window.history.replaceState(null, '', '/profile?tab=1#security');
    expect(await redirectOf('/profile?tab=1')).toBe('/login?redirect=/profile?tab%3D1%23security');
  });

  it('leaves the hash of the address being left out of another address', async () => {
    window.history.replaceState(null, '', '/elsewhere#top');
    expect(await redirectOf('/profile')).toBe('/login?redirect=/profile');
  });
});
