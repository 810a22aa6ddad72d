import { useParams, useSearchParams } from 'react-router';
import { SectionPlaceholder } from '../ui/SectionPlaceholder.tsx';

/** /projects/:namespace/:projectName/tree/* — the files tab (placeholder). */
export function ProjectTreePage() {
  const { '*': location = '' } = useParams();
  const [searchParams] = useSearchParams();
  const filePath = searchParams.get('file_path');
  const folder = location ? `Folder “${location}”. ` : '';
  const file = filePath ? `Selected file “${filePath}”. ` : '';
  return (
    <SectionPlaceholder
      title="Files"
      description={`${folder}${file}The project's files will be browsed and uploaded here.`}
      icon="pi pi-file"
    />
  );
}
