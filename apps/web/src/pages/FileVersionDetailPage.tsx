import { useParams } from 'react-router';
import { FileVersionChanges } from '../features/versions/components/FileVersionChanges.tsx';

/**
 * /projects/:namespace/:projectName/history/:version_id/:path — the changes of one file in one version; the path
 * is the rest of the address, its slashes plain or encoded.
 */
export function FileVersionDetailPage() {
  const { namespace = '', projectName = '', version_id: versionId = '', '*': path = '' } = useParams();
  return (
    <FileVersionChanges namespace={namespace} projectName={projectName} version={versionId} path={path} />
  );
}
