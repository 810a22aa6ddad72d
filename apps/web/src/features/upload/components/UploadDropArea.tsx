import { type ProjectDetail } from '@waymark/contract';
import { DRAG_OVER_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { Button } from 'primereact/button';
import { type ChangeEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notifications.ts';
import { useIsMaintenance, usePing } from '../../session/hooks/useInstance.ts';
import { useUploadController } from '../hooks/useUploadController.ts';
import { itemsFromPickedFiles, readDrop, scanDroppedEntries } from '../scanDrop.ts';
import { blacklistOf } from '../uploadRules.ts';
import { isUploadRunning, projectPathOf, useUploadStore } from '../uploadStore.ts';
import { tCommon } from '../../../i18n/common.ts';
import { tFiles } from '../../../i18n/files.ts';

interface UploadDropAreaProps {
  project: ProjectDetail;
  /** The folder of the files tab the files go into ('' for the project's top). */
  location: string;
}

/** Marks the attribute React does not type: the input picks a whole folder. */
const FOLDER_INPUT_PROPS = { webkitdirectory: '' } as Record<string, string>;

/**
 * The drop area of SPEC §2 with pickers for files and for a folder. Drops and picks are walked
 * (folders recursively, the /ping blacklist left out) and handed to the upload; while an upload runs,
 * nothing more is taken ('You cannot update files during upload').
 */
export function UploadDropArea({ project, location }: UploadDropAreaProps) {
  const controller = useUploadController();
  const blacklist = blacklistOf(usePing());
  const isRunning = useUploadStore((state) => isUploadRunning(state.uploads[projectPathOf(project)]));
  // Read-only maintenance: nothing is taken, as the server would refuse the push at the end.
  const isReadOnly = useIsMaintenance();
  const isRefusing = isRunning || isReadOnly;
  const [isDragOver, setIsDragOver] = useState(false);
  const dragTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(dragTimer.current), []);

  /** SPEC §9: the highlight follows the pointer with a 30 ms debounce, so crossing children does not flicker. */
  const showDragOver = (isOver: boolean) => {
    clearTimeout(dragTimer.current);
    dragTimer.current = setTimeout(() => setIsDragOver(isOver), DRAG_OVER_DEBOUNCE_MS);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = isRefusing ? 'none' : 'copy';
    showDragOver(true);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    clearTimeout(dragTimer.current);
    setIsDragOver(false);
    if (isReadOnly) return;
    if (isRunning) {
      notify.error(tFiles('upload.dropDuringUpload'));
      return;
    }
    // Taken now: the drop's items are gone once this handler returns.
    const content = readDrop(event.dataTransfer);
    if (content.kind === 'refused') {
      notify.error(tFiles('upload.dropOnlyFiles'));
      return;
    }
    void scanDroppedEntries(content.entries, blacklist).then((items) =>
      controller.addFiles(project, items, location),
    );
  };

  const handlePicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same files again is noticed.
    event.target.value = '';
    if (files.length === 0) return;
    controller.addFiles(project, itemsFromPickedFiles(files, blacklist), location);
  };

  const className = [
    'upload-drop',
    isDragOver ? 'upload-drop--over' : '',
    isDragOver && isRefusing ? 'upload-drop--refused' : '',
    isReadOnly ? 'upload-drop--read-only' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={className}
      onDragOver={handleDragOver}
      onDragLeave={() => showDragOver(false)}
      onDrop={handleDrop}
      data-testid="upload-drop-area"
    >
      <span className="upload-drop__icon" aria-hidden="true">
        <i
          className={isReadOnly ? 'pi pi-lock' : isDragOver && isRunning ? 'pi pi-ban' : 'pi pi-cloud-upload'}
        />
      </span>
      <h3 className="upload-drop__title">
        {isReadOnly
          ? tCommon('maintenanceUi.uploadPaused')
          : isDragOver
            ? isRunning
              ? tFiles('upload.dropRefused')
              : tFiles('upload.dropHere')
            : tFiles('upload.dropTitle')}
      </h3>
      {!isReadOnly && <p className="upload-drop__text">{tFiles('upload.dropText')}</p>}
      <div className="upload-drop__actions">
        <Button
          type="button"
          label={tFiles('upload.chooseFiles')}
          icon="pi pi-file"
          size="small"
          outlined
          disabled={isRefusing}
          onClick={() => filesInput.current?.click()}
          data-testid="upload-choose-files"
        />
        <span className="upload-drop__or">{tFiles('upload.or')}</span>
        <Button
          type="button"
          label={tFiles('upload.chooseFolder')}
          icon="pi pi-folder"
          size="small"
          outlined
          disabled={isRefusing}
          onClick={() => folderInput.current?.click()}
          data-testid="upload-choose-folder"
        />
      </div>
      {location !== '' && (
        <p className="upload-drop__target">
          <i className="pi pi-folder-open" aria-hidden="true" />{' '}
          {tFiles('upload.dropInto', { folder: location })}
        </p>
      )}
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        disabled={isReadOnly}
        onChange={handlePicked}
        data-testid="upload-files-input"
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        {...FOLDER_INPUT_PROPS}
        disabled={isReadOnly}
        onChange={handlePicked}
        data-testid="upload-folder-input"
      />
    </div>
  );
}
