import { Navigate, useParams } from 'react-router';
import { projectTreePath } from '../lib/paths.ts';

/** A project opens on its files tab (SPEC §2). */
export function ProjectIndexRedirect() {
  const { namespace = '', projectName = '' } = useParams();
  return <Navigate to={projectTreePath(namespace, projectName)} replace />;
}
