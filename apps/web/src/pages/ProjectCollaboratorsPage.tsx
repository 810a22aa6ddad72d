import { CollaboratorsTab } from '../features/collaborators/components/CollaboratorsTab.tsx';
import { ProjectOwnerGate } from '../features/project/components/ProjectOwnerGate.tsx';

/** /projects/:namespace/:projectName/collaborators — owners only. */
export function ProjectCollaboratorsPage() {
  return (
    <ProjectOwnerGate>
      <CollaboratorsTab />
    </ProjectOwnerGate>
  );
}
