import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { projectTreePath } from '../../../lib/paths.ts';
import { useSession } from '../../session/hooks/useSession.ts';
import { useCurrentProject } from '../hooks/useCurrentProject.ts';
import { isProjectOwner } from '../projectAbilities.ts';

interface ProjectOwnerGateProps {
  children: ReactNode;
}

/**
 * Owner-only tabs (Collaborators, Settings). Others who reach them by address land on the files tab,
 * as the tab itself is hidden from them.
 */
export function ProjectOwnerGate({ children }: ProjectOwnerGateProps) {
  const project = useCurrentProject();
  const { hasSignedOut } = useSession();
  if (!isProjectOwner(project.role)) {
    // Signing out here goes home (and so to sign in): a public project's files tab must not take that over.
    if (hasSignedOut) return null;
    return <Navigate to={projectTreePath(project.namespace, project.name)} replace />;
  }
  return children;
}
