import type { QueryClient } from '@tanstack/react-query';
import { useWorkspaceStore } from '../workspaces/workspaceStore.ts';
import { ANONYMOUS_SESSION, CONFIG_QUERY_KEY, PING_QUERY_KEY, SESSION_QUERY_KEY } from './session.ts';

/** Re-runs the start-up after a sign-in, so the new user, workspaces and superuser flag load. */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
}

/**
 * Forgets the signed-in user: the guards react to the anonymous session. Data cached for that user is
 * dropped; instance data (ping, config) stays because it is the same for everyone.
 */
export function clearSession(queryClient: QueryClient, options: { hasSignedOut?: boolean } = {}): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, { ...ANONYMOUS_SESSION, hasSignedOut: options.hasSignedOut });
  queryClient.removeQueries({
    predicate: (query) => {
      const [key] = query.queryKey;
      return key !== SESSION_QUERY_KEY[0] && key !== PING_QUERY_KEY[0] && key !== CONFIG_QUERY_KEY[0];
    },
  });
  useWorkspaceStore.getState().reset();
}

/** True when the cache holds a signed-in session. */
export function hasAuthenticatedSession(queryClient: QueryClient): boolean {
  return queryClient.getQueryData<{ isAuthenticated: boolean }>(SESSION_QUERY_KEY)?.isAuthenticated === true;
}
