import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { sessionQueryOptions } from '../features/session/session.ts';
import { DASHBOARD_PATH, LOGIN_PATH } from '../lib/paths.ts';

/** "/" has no screen of its own: signed-in users go to the dashboard, visitors to sign in (SPEC §2). */
export function createHomeLoader(queryClient: QueryClient) {
  return async () => {
    const { isAuthenticated } = await queryClient.ensureQueryData(sessionQueryOptions);
    return redirect(isAuthenticated ? DASHBOARD_PATH : LOGIN_PATH);
  };
}
