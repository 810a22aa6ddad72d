import { useCurrentProject } from '../../project/hooks/useCurrentProject.ts';
import { useSelectedVersion } from '../hooks/useSelectedVersion.ts';
import { VersionDetailSidebar } from './VersionDetailSidebar.tsx';
import { VersionsTable } from './VersionsTable.tsx';
import '../versions.css';

/** The History tab: the project's versions and the detail sidebar of `?version_id=`. */
export function VersionsTab() {
  const project = useCurrentProject();
  const { selectedVersion, closeVersion, openVersion } = useSelectedVersion();
  return (
    <>
      <VersionsTable
        namespace={project.namespace}
        projectName={project.name}
        selectedVersion={selectedVersion}
      />
      <VersionDetailSidebar
        project={project}
        selectedVersion={selectedVersion}
        onClose={closeVersion}
        onOpenVersion={openVersion}
      />
    </>
  );
}
