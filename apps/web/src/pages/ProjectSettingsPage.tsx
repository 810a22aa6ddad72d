import { ProjectOwnerGate } from '../features/project/components/ProjectOwnerGate.tsx';
import { ProjectSettingsPanel } from '../features/project/components/ProjectSettingsPanel.tsx';

/** /projects/:namespace/:projectName/settings — owners only (SPEC §2 "Settings tab"). */
export function ProjectSettingsPage() {
  return (
    <ProjectOwnerGate>
      <ProjectSettingsPanel />
    </ProjectOwnerGate>
  );
}
