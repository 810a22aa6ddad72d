import { Navigate } from 'react-router';
import { useSession } from '../features/session/hooks/useSession.ts';
import { DASHBOARD_PATH, LOGIN_PATH } from '../lib/paths.ts';

/** "/" has no screen of its own: signed-in users go to the dashboard, visitors to sign in (SPEC §2). */
export function HomePage() {
  const { isAuthenticated } = useSession();
  return <Navigate to={isAuthenticated ? DASHBOARD_PATH : LOGIN_PATH} replace />;
}
