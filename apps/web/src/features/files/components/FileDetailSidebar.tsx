import { type ProjectDetail, type ProjectFile } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { formatDateTime } from '../../../lib/format/timeAgo.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { DetailSidebar } from '../../../ui/DetailSidebar.tsx';
import { RelativeTime } from '../../../ui/RelativeTime.tsx';
import { rawFileUrl } from '../api/filesApi.ts';
import { fileIconOf } from '../fileIcon.ts';
import { baseName } from '../fileRows.ts';
import { useDeleteFile } from '../hooks/useDeleteFile.ts';
import { type PendingFileState, pendingStateOf, usePendingFileChanges } from '../pendingFileChanges.ts';
import { FileHistory } from '../../versions/components/FileHistory.tsx';
import { FilePreview } from './FilePreview.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tFiles } from '../../../i18n/files.ts';

const STATE_BANNERS: Record<PendingFileState, { text: string; severity: 'success' | 'error' | 'info' }> = {
  added: { text: tFiles('fileDetail.stateAdded'), severity: 'success' },
  removed: { text: tFiles('fileDetail.stateRemoved'), severity: 'error' },
  updated: { text: tFiles('fileDetail.stateUpdated'), severity: 'info' },
};

interface FileDetailSidebarProps {
  project: ProjectDetail;
  /** The files the browser lists (the project's, plus an upload's new ones). */
  files: ProjectFile[];
  /** The `file_path` query. */
  selectedPath: string | undefined;
  /** Whether the viewer may delete files (writers, SPEC §6). */
  canDelete: boolean;
  onClose: () => void;
}

interface FileDetailsProps extends Omit<FileDetailSidebarProps, 'files' | 'selectedPath'> {
  file: ProjectFile;
  titleId: string;
}

function FileDetails({ project, file, canDelete, titleId, onClose }: FileDetailsProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const pending = usePendingFileChanges();
  const state = pendingStateOf(pending, file.path);
  const newFile = state === 'updated' ? pending?.files[file.path] : undefined;
  const banner = state ? STATE_BANNERS[state] : undefined;
  const name = baseName(file.path);
  const folder = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : undefined;
  const [isConfirming, setIsConfirming] = useState(false);
  const deletion = useDeleteFile(project, { onDeleted: onClose });

  return (
    <div className="detail-panel" data-testid="file-detail">
      <div className="detail-panel__title-row">
        <span className="detail-panel__icon" aria-hidden="true">
          <i className={fileIconOf(file.path)} />
        </span>
        <div className="detail-panel__title-text">
          <span className="detail-panel__label">{tFiles('fileDetail.fileLabel')}</span>
          <h2 id={titleId} className="detail-panel__title" data-testid="file-detail-name">
            {name}
          </h2>
          {folder && (
            <span className="detail-panel__subtitle" data-testid="file-detail-folder">
              {folder}
            </span>
          )}
        </div>
      </div>

      {banner && (
        <Message
          severity={banner.severity}
          text={banner.text}
          className="file-detail__banner"
          data-testid="file-detail-state"
        />
      )}

      <dl className="detail-panel__facts">
        <div className="detail-panel__fact">
          <dt className="detail-panel__label">{tFiles('fileDetail.modified')}</dt>
          <dd data-testid="file-detail-modified">
            <RelativeTime value={file.mtime} className="detail-panel__value" />
            <span className="detail-panel__hint">{formatDateTime(file.mtime)}</span>
          </dd>
        </div>
        <div className="detail-panel__fact detail-panel__fact--end">
          <dt className="detail-panel__label">{tFiles('fileDetail.size')}</dt>
          <dd className="detail-panel__value" data-testid="file-detail-size">
            {formatByteSize(file.size)}
            {newFile && (
              <span className="detail-panel__hint">
                {' '}
                {tFiles('fileDetail.newSize', { size: formatByteSize(newFile.size) })}
              </span>
            )}
          </dd>
        </div>
      </dl>

      <div className="detail-panel__actions">
        {/* A file an upload would add is not on the server yet: nothing to download. */}
        {state !== 'added' && (
          <a
            href={rawFileUrl(project.namespace, project.name, file.path)}
            download={name}
            className="p-button p-component p-button-outlined file-detail__download"
            aria-label={tFiles('fileDetail.downloadFile', { name })}
            data-testid="file-detail-download"
          >
            <i className="pi pi-download p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">{tFiles('fileDetail.download')}</span>
          </a>
        )}
        {canDelete && state !== 'removed' && state !== 'added' && (
          <Button
            label={tFiles('fileDetail.deleteFile')}
            icon="pi pi-trash"
            severity="danger"
            outlined
            onClick={() => setIsConfirming(true)}
            disabled={isReadOnly}
            data-testid="file-detail-delete"
          />
        )}
      </div>

      {state !== 'added' && (
        <FilePreview namespace={project.namespace} projectName={project.name} file={file} />
      )}

      {/* A file an upload would add has no versions yet. */}
      {state !== 'added' && <FileHistory project={project} path={file.path} />}

      <ConfirmDialog
        isVisible={isConfirming}
        header={tFiles('fileDetail.deleteHeader')}
        message={tFiles('fileDetail.deleteMessage', { path: file.path })}
        confirmLabel={tFiles('fileDetail.deleteConfirm')}
        isDanger
        isBusy={deletion.isPending}
        testId="delete-file-dialog"
        onConfirm={() => deletion.mutate(file)}
        onHide={() => setIsConfirming(false)}
      />
    </div>
  );
}

/**
 * The file detail sidebar of SPEC §2, open while `file_path` names a listed file: name, the New /
 * Deleted / Modified banner of a pending upload, modified time, size (and the new size of an updated
 * file), download, 'Delete file' for writers, and the preview. Closing it removes the query.
 */
export function FileDetailSidebar({ files, selectedPath, ...props }: FileDetailSidebarProps) {
  const titleId = useId();
  const file =
    selectedPath === undefined ? undefined : files.find((candidate) => candidate.path === selectedPath);
  return (
    <DetailSidebar
      isVisible={file !== undefined}
      labelledBy={titleId}
      closeLabel={tFiles('fileDetail.close')}
      onHide={props.onClose}
      focusKey={selectedPath}
      testId="file-detail-sidebar"
    >
      {file && <FileDetails {...props} file={file} titleId={titleId} />}
    </DetailSidebar>
  );
}
