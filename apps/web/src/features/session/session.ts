import type { UserProfile } from '@waymark/contract';
import { TOAST_TEXTS } from '@waymark/contract';
import { notify } from '../../lib/notifications.ts';
import { fetchWorkspaces } from '../workspaces/api/workspacesApi.ts';
import { useWorkspaceStore } from '../workspaces/workspaceStore.ts';
import { fetchAppInit, fetchUserProfile } from './api/sessionApi.ts';

/** Who is using the app: what the guards and the shell need to know. */
export interface Session {
  isAuthenticated: boolean;
  isSuperuser: boolean;
  /** `null` for visitors, and for a signed-in user whose profile failed to load. */
  user: UserProfile | null;
  /** Set after the user signed out on purpose: guards then send them home, not back to sign in. */
  hasSignedOut?: boolean;
}

export const ANONYMOUS_SESSION: Session = { isAuthenticated: false, isSuperuser: false, user: null };

export const SESSION_QUERY_KEY = ['session'] as const;
export const PING_QUERY_KEY = ['ping'] as const;
export const CONFIG_QUERY_KEY = ['config'] as const;

async function loadUser(): Promise<UserProfile | null> {
  try {
    return await fetchUserProfile();
  } catch {
    notify.error(TOAST_TEXTS.fetchProfile);
    return null;
  }
}

async function loadWorkspaces() {
  try {
    return await fetchWorkspaces();
  } catch {
    notify.error(TOAST_TEXTS.loadWorkspaces);
    return [];
  }
}

/**
 * The app start-up of SPEC §4: GET /app/init, then for a signed-in user the profile and the workspaces,
 * and the start-up workspace choice. Failures become toasts, never a broken app: a failed init reads
 * as a visitor, who can still sign in.
 */
export async function loadSession(): Promise<Session> {
  let isAuthenticated: boolean;
  let isSuperuser: boolean;
  try {
    const init = await fetchAppInit();
    isAuthenticated = init.authenticated;
    isSuperuser = init.superuser;
  } catch {
    notify.error(TOAST_TEXTS.initFailed);
    return ANONYMOUS_SESSION;
  }
  if (!isAuthenticated) {
    useWorkspaceStore.getState().reset();
    return ANONYMOUS_SESSION;
  }
  const [user, workspaces] = await Promise.all([loadUser(), loadWorkspaces()]);
  if (user) useWorkspaceStore.getState().initialize(user, workspaces);
  return { isAuthenticated, isSuperuser, user };
}
