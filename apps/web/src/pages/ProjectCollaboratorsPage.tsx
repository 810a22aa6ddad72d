import { ProjectOwnerGate } from '../features/project/components/ProjectOwnerGate.tsx';
import { SectionPlaceholder } from '../ui/SectionPlaceholder.tsx';

/** /projects/:namespace/:projectName/collaborators — owners only (placeholder until the sharing issue). */
export function ProjectCollaboratorsPage() {
  return (
    <ProjectOwnerGate>
      <SectionPlaceholder
        title="Collaborators"
        description="People with access to this project and their permissions will be managed here."
        icon="pi pi-users"
      />
    </ProjectOwnerGate>
  );
}
