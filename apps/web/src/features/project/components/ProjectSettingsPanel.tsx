import { useCurrentProject } from '../hooks/useCurrentProject.ts';
import { ProjectDeleteSetting } from './ProjectDeleteSetting.tsx';
import { ProjectRenameSetting } from './ProjectRenameSetting.tsx';
import { ProjectVisibilitySetting } from './ProjectVisibilitySetting.tsx';

/** The Settings tab of owners (SPEC §2): visibility, the name, then deletion. */
export function ProjectSettingsPanel() {
  const project = useCurrentProject();
  return (
    <div className="settings-panel" data-testid="project-settings">
      <ProjectVisibilitySetting project={project} />
      <ProjectRenameSetting project={project} />
      <ProjectDeleteSetting project={project} />
    </div>
  );
}
