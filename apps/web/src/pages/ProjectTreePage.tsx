import { useParams } from 'react-router';
import { FilesTab } from '../features/files/components/FilesTab.tsx';
import { PendingUploadChanges } from '../features/upload/components/PendingUploadChanges.tsx';
import { ProjectUploadPanel } from '../features/upload/components/ProjectUploadPanel.tsx';

/**
 * /projects/:namespace/:projectName/tree/:location? — the Files tab: the folder `location`, the file
 * detail sidebar of `?file_path=`, and above them the upload panel (writers only; it checks the role
 * itself), whose pending changes the browser shows.
 */
export function ProjectTreePage() {
  const { '*': location } = useParams();
  return (
    <PendingUploadChanges>
      <FilesTab location={location} uploadPanel={<ProjectUploadPanel />} />
    </PendingUploadChanges>
  );
}
