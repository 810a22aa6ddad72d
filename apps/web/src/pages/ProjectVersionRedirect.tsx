import { Navigate, useParams } from 'react-router';
import { projectHistoryPath, withQuery } from '../lib/paths.ts';

/** /history/<version> links open the history tab with that version's detail (`version_id`). */
export function ProjectVersionRedirect() {
  const { namespace = '', projectName = '', version_id: versionId } = useParams();
  return (
    <Navigate to={withQuery(projectHistoryPath(namespace, projectName), { version_id: versionId })} replace />
  );
}
