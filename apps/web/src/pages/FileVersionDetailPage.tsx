import { useParams } from 'react-router';
import { SectionPlaceholder } from '../ui/SectionPlaceholder.tsx';

/** /projects/:namespace/:projectName/history/:version_id/:path — changes of one file (placeholder). */
export function FileVersionDetailPage() {
  const { version_id: versionId = '', path = '' } = useParams();
  return (
    <SectionPlaceholder
      title={`${path} · ${versionId}`}
      description="The changes made to this file in this version will be shown table by table here."
      icon="pi pi-table"
    />
  );
}
