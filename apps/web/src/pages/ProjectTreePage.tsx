import { useSearchParams } from 'react-router';
import { ProjectFilesList } from '../features/project/components/ProjectFilesList.tsx';
import { ProjectUploadPanel } from '../features/upload/components/ProjectUploadPanel.tsx';

/**
 * /projects/:namespace/:projectName/tree/* — the files tab. For now a read-only list of the current
 * files; browsing folders comes with the file browser.
 */
export function ProjectTreePage() {
  const [searchParams] = useSearchParams();
  return (
    <>
      {/* Upload files and Data Sync (writers only; it checks the role itself). */}
      <ProjectUploadPanel />
      <ProjectFilesList selectedPath={searchParams.get('file_path') ?? undefined} />
    </>
  );
}
