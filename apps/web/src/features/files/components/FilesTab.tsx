import { abilitiesOfProjectRole } from '@waymark/contract';
import type { ReactNode } from 'react';
import { useCurrentProject } from '../../project/hooks/useCurrentProject.ts';
import { useSelectedFilePath } from '../hooks/useSelectedFilePath.ts';
import { filesWithPending, usePendingFileChanges } from '../pendingFileChanges.ts';
import { FileBrowser } from './FileBrowser.tsx';
import { FileDetailSidebar } from './FileDetailSidebar.tsx';
import '../files.css';

interface FilesTabProps {
  /** The folder on screen: the route's `location`. */
  location: string | undefined;
  /**
   * The 'Upload files' panel of the upload feature, shown above the browser (SPEC §2: tree view,
   * writers only; the upload feature decides). Pending upload changes reach the browser and the
   * sidebar through PendingFileChangesContext.
   */
  uploadPanel?: ReactNode;
}

/** The Files tab: upload panel slot, file browser of the route's folder, and the file detail sidebar. */
export function FilesTab({ location, uploadPanel }: FilesTabProps) {
  const project = useCurrentProject();
  const pending = usePendingFileChanges();
  const { selectedPath, closeFile } = useSelectedFilePath();
  const files = filesWithPending(project.files, pending);
  return (
    <div className="files-tab">
      {uploadPanel}
      <FileBrowser
        namespace={project.namespace}
        projectName={project.name}
        projectId={project.id}
        version={project.version}
        storedFiles={project.files}
        files={files}
        location={location}
        selectedPath={selectedPath}
        canUpload={abilitiesOfProjectRole(project.role).upload}
      />
      <FileDetailSidebar
        project={project}
        files={files}
        selectedPath={selectedPath}
        canDelete={abilitiesOfProjectRole(project.role).upload}
        onClose={closeFile}
      />
    </div>
  );
}
