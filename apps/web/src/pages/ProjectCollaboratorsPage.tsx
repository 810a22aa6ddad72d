import { SectionPlaceholder } from '../ui/SectionPlaceholder.tsx';

/** /projects/:namespace/:projectName/collaborators (placeholder). */
export function ProjectCollaboratorsPage() {
  return (
    <SectionPlaceholder
      title="Collaborators"
      description="People with access to this project and their permissions will be managed here."
      icon="pi pi-users"
    />
  );
}
