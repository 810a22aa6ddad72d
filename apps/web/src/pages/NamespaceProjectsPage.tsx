import { useParams } from 'react-router';
import { PagePlaceholder } from '../ui/PagePlaceholder.tsx';

/** /projects/:namespace — placeholder until the projects list issue. */
export function NamespaceProjectsPage() {
  const { namespace = '' } = useParams();
  return (
    <PagePlaceholder
      title={`Projects of ${namespace}`}
      description="Projects of this workspace will be listed here."
      icon="pi pi-folder"
    />
  );
}
