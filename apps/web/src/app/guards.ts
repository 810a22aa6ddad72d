import { DASHBOARD_PATH, LOGIN_PATH, loginPathWithRedirect, TWO_FACTOR_SETUP_PATH } from '../lib/paths.ts';
import { isPublicRoute, type RouteHandle } from './routeHandle.ts';

export interface GuardSession {
  isAuthenticated: boolean;
  isSuperuser: boolean;
  hasSignedOut?: boolean;
  twoFactorRequiredBy?: string[];
}

export interface GuardInput {
  handles: (RouteHandle | undefined)[];
  session: GuardSession;
  /** Path, query and hash of the requested location. */
  fullPath: string;
  /** Where visitors are sent (SPEC §2: the login path or a configured alternative). */
  loginPath?: string;
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string };

const ALLOW: GuardDecision = { type: 'allow' };
const redirectTo = (to: string): GuardDecision => ({ type: 'redirect', to });

/**
 * The route guards of SPEC §2: public routes are open; any other needs a signed-in user, else the
 * visitor goes to sign in with the full original path in `redirect`; admin routes also need a
 * superuser (others go to the dashboard). The sign-in page sends signed-in users to the dashboard: its
 * redirect query is only for after a successful sign-in, which the sign-in form follows itself.
 */
export function resolveGuard({
  handles,
  session,
  fullPath,
  loginPath = LOGIN_PATH,
}: GuardInput): GuardDecision {
  if (session.isAuthenticated && handles.some((handle) => handle?.anonymousOnly)) {
    return redirectTo(DASHBOARD_PATH);
  }
  if (!isPublicRoute(handles) && !session.isAuthenticated) {
    // After a deliberate sign-out the page being left should not be offered back as a redirect.
    return redirectTo(session.hasSignedOut ? '/' : loginPathWithRedirect(fullPath, loginPath));
  }
  // A workspace requires two-factor sign-in the user has not turned on: only its set-up page (issue 29).
  const isSetUpPage = handles.some((handle) => handle?.twoFactorSetup);
  if (session.isAuthenticated && (session.twoFactorRequiredBy?.length ?? 0) > 0 && !isSetUpPage) {
    return isPublicRoute(handles) ? ALLOW : redirectTo(TWO_FACTOR_SETUP_PATH);
  }
  if (handles.some((handle) => handle?.superuser) && !session.isSuperuser) {
    return redirectTo(DASHBOARD_PATH);
  }
  return ALLOW;
}
