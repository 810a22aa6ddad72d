import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useSignInStore } from '../features/auth/signInStore.ts';
import { useDrawerAutoToggle } from '../features/layout/hooks/useDrawerAutoToggle.ts';
import { useConfig, usePing } from '../features/session/hooks/useInstance.ts';
import { useSession } from '../features/session/hooks/useSession.ts';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { resolveGuard } from './guards.ts';
import { getDocumentTitle, getRouteHandle } from './routeHandle.ts';

/**
 * Root of every route: runs the start-up calls (init, ping, config), waits for the session, then
 * applies the route guards before anything of the page renders.
 */
export function AppRoot() {
  const session = useSession();
  const isSigningIn = useSignInStore((state) => state.isCompletingSignIn);
  // Started here so the maintenance flag and the docs address are known app-wide.
  usePing();
  useConfig();
  useDrawerAutoToggle();
  const matches = useMatches();
  const location = useLocation();
  const documentTitle = getDocumentTitle(matches);

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  if (session.isLoading) return <FullPageLoader />;

  const decision = resolveGuard({
    handles: matches.map(getRouteHandle),
    session,
    fullPath: `${location.pathname}${location.search}${location.hash}`,
    isSigningIn,
  });
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
