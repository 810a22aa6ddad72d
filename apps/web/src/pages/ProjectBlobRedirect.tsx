import { Navigate, useParams } from 'react-router';
import { projectTreePath, withQuery } from '../lib/paths.ts';

/** Old /blob/<file> links open the files tab with that file's detail (`file_path`). */
export function ProjectBlobRedirect() {
  const { namespace = '', projectName = '', '*': location = '' } = useParams();
  const target = projectTreePath(namespace, projectName);
  return <Navigate to={withQuery(target, { file_path: location || undefined })} replace />;
}
