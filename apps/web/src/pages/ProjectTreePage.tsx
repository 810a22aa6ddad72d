import { useParams } from 'react-router';
import { FilesTab } from '../features/files/components/FilesTab.tsx';

/**
 * /projects/:namespace/:projectName/tree/:location? — the Files tab: the folder `location`, the file
 * detail sidebar of `?file_path=`.
 */
export function ProjectTreePage() {
  const { '*': location } = useParams();
  // Upload slot: the upload feature's panel mounts here, `<FilesTab location={location} uploadPanel={…} />`.
  return <FilesTab location={location} />;
}
