import { abilitiesOfProjectRole } from '@waymark/contract';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useCurrentProject } from '../../project/hooks/useCurrentProject.ts';
import { projectPathOf, useUploadStore } from '../uploadStore.ts';
import { DataSyncPanel } from './DataSyncPanel.tsx';
import { PluginCard } from './PluginCard.tsx';
import { UploadDropArea } from './UploadDropArea.tsx';
import '../upload.css';
import { tFiles } from '../../../i18n/files.ts';

/**
 * The upload part of the files tab (SPEC §2): for project writers, the collapsible 'Upload files'
 * panel with the plugin card and the drop area (collapsed once the project has files), and the Data
 * Sync panel of the project's upload while there is one.
 */
export function ProjectUploadPanel() {
  const project = useCurrentProject();
  const location = useParams()['*'] ?? '';
  const upload = useUploadStore((state) => state.uploads[projectPathOf(project)]);
  const [isExpanded, setIsExpanded] = useState(project.files.length === 0);
  const contentId = useId();

  // SPEC §6: the upload area is for project writers. Editors change GeoPackage data through the clients (the
  // server keeps accepting their data pushes from there).
  if (!abilitiesOfProjectRole(project.role).upload) return null;

  return (
    <>
      <section
        className="card upload-panel"
        // Files dragged over the collapsed panel open it, so they can be dropped without a click first.
        onDragEnter={(event) => {
          if (event.dataTransfer.types.includes('Files')) setIsExpanded(true);
        }}
        data-testid="upload-panel"
      >
        <h2 className="upload-panel__heading">
          <button
            type="button"
            className="upload-panel__toggle"
            aria-expanded={isExpanded}
            aria-controls={contentId}
            onClick={() => setIsExpanded((value) => !value)}
            data-testid="upload-panel-toggle"
          >
            <span className="upload-panel__toggle-icon" aria-hidden="true">
              <i className="pi pi-upload" />
            </span>
            <span className="upload-panel__title">{tFiles('upload.panelTitle')}</span>
            <i
              className={`pi ${isExpanded ? 'pi-chevron-up' : 'pi-chevron-down'} upload-panel__chevron`}
              aria-hidden="true"
            />
          </button>
        </h2>
        <div id={contentId} className="upload-panel__content" hidden={!isExpanded}>
          <PluginCard />
          <UploadDropArea project={project} location={location} />
        </div>
      </section>
      {upload && <DataSyncPanel project={project} upload={upload} />}
    </>
  );
}
