import { useSearchParams } from 'react-router';
import { ProjectFilesList } from '../features/project/components/ProjectFilesList.tsx';

/**
 * /projects/:namespace/:projectName/tree/* — the files tab. For now a read-only list of the current
 * files; browsing folders and uploading come with the file browser.
 */
export function ProjectTreePage() {
  const [searchParams] = useSearchParams();
  return <ProjectFilesList selectedPath={searchParams.get('file_path') ?? undefined} />;
}
