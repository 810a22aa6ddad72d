import { type QueryClient, queryOptions } from '@tanstack/react-query';

import { workspacesQueryOptions } from '../workspaces/workspacesQuery.ts';
import { useWorkspaceStore } from '../workspaces/workspaceStore.ts';
import { fetchAppInit, fetchTwoFactorStatus, fetchUserProfile } from './api/sessionApi.ts';
import { tCommon } from '../../i18n/common.ts';

/** Who is using the app: what the guards and the shell need to know. The profile is its own query. */
export interface Session {
  isAuthenticated: boolean;
  isSuperuser: boolean;
  /** Set after the user signed out on purpose: guards then send them home, not back to sign in. */
  hasSignedOut?: boolean;
  /** Workspaces requiring two-factor sign-in of a user who has it off: they can only turn it on (issue 29). */
  twoFactorRequiredBy?: string[];
}

export const ANONYMOUS_SESSION: Session = { isAuthenticated: false, isSuperuser: false };

export const SESSION_QUERY_KEY = ['session'] as const;
export const PING_QUERY_KEY = ['ping'] as const;
export const CONFIG_QUERY_KEY = ['config'] as const;
export const USER_PROFILE_QUERY_KEY = ['user-profile'] as const;

/** GET /app/init; never cached on its own: the session holds what it answered. */
const appInitQueryOptions = queryOptions({
  queryKey: ['app-init'],
  queryFn: fetchAppInit,
  staleTime: 0,
  gcTime: 0,
  meta: { errorMessage: tCommon('toast.initFailed') },
});

/**
 * The signed-in user's profile, or `null` for a visitor. It changes only through this app (a profile
 * edit updates the cache), and a failed load is not retried by the next screen: one toast is enough.
 */
export const userProfileQueryOptions = queryOptions({
  queryKey: USER_PROFILE_QUERY_KEY,
  queryFn: fetchUserProfile,
  staleTime: Number.POSITIVE_INFINITY,
  retryOnMount: false,
  meta: { errorMessage: tCommon('toast.fetchProfile') },
});

/**
 * The app start-up of SPEC §4: GET /app/init, then for a signed-in user the profile and the workspaces
 * (into their own queries, asked afresh), and the start-up workspace choice. Failures toast through
 * the queries' `meta` and never break the app: a failed init reads as a visitor, who can still sign in.
 */
async function loadSession(client: QueryClient): Promise<Session> {
  const init = await client.fetchQuery(appInitQueryOptions).catch(() => undefined);
  if (!init?.authenticated) {
    useWorkspaceStore.getState().reset();
    return ANONYMOUS_SESSION;
  }
  const [user, workspaces, twoFactor] = await Promise.all([
    client.fetchQuery({ ...userProfileQueryOptions, staleTime: 0 }).catch(() => undefined),
    client.fetchQuery({ ...workspacesQueryOptions, staleTime: 0 }).catch(() => []),
    fetchTwoFactorStatus().catch(() => undefined),
  ]);
  if (user) useWorkspaceStore.getState().initialize(user, workspaces);
  return {
    isAuthenticated: true,
    isSuperuser: init.superuser,
    twoFactorRequiredBy: twoFactor && !twoFactor.enabled ? twoFactor.required_by : [],
  };
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ client }) => loadSession(client),
  // The session changes only through sign-in and sign-out, which refetch or reset it explicitly.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
