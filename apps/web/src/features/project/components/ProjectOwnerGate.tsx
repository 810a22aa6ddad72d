import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathWithRedirect, projectTreePath } from '../../../lib/paths.ts';
import { useSession } from '../../session/hooks/useSession.ts';
import { useCurrentProject } from '../hooks/useCurrentProject.ts';
import { isProjectOwner } from '../projectAbilities.ts';

interface ProjectOwnerGateProps {
  children: ReactNode;
}

/**
 * Owner-only tabs (Collaborators, Settings). A signed-in user who does not own the project lands on its files
 * tab, as the tab itself is hidden from them. Without a session the tab leads to sign-in as the route guards do:
 * after signing out home (which sends on to sign in; a public project's files tab must not take that over),
 * otherwise to sign in and back here.
 */
export function ProjectOwnerGate({ children }: ProjectOwnerGateProps) {
  const project = useCurrentProject();
  const { isAuthenticated, hasSignedOut } = useSession();
  const { pathname, search, hash } = useLocation();
  if (isProjectOwner(project.role)) return children;
  if (!isAuthenticated) {
    return (
      <Navigate to={hasSignedOut ? '/' : loginPathWithRedirect(`${pathname}${search}${hash}`)} replace />
    );
  }
  return <Navigate to={projectTreePath(project.namespace, project.name)} replace />;
}
