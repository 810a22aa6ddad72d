import { isQgisProjectFile, type ProjectDetail } from '@waymark/contract';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useRefreshProject, useUploadController } from '../hooks/useUploadController.ts';
import { pendingMerges } from '../mergePreview.ts';
import { MergeNotice } from './MergeNotice.tsx';
import { type SyncChange, type SyncFileState, type SyncRow, summariseUpload } from '../syncRows.ts';
import { needsUploadConfirmation } from '../uploadRules.ts';
import { type ProjectUpload, projectPathOf, sentBytesOf, uploadPercent } from '../uploadStore.ts';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tFiles } from '../../../i18n/files.ts';

/** Rows listed at most; a larger upload says how many more it holds. */
const MAX_LISTED_FILES = 300;

const CHANGE_ICONS: Record<SyncChange, string> = {
  added: 'pi pi-plus',
  updated: 'pi pi-pencil',
  removed: 'pi pi-trash',
  pending: 'pi pi-spin pi-spinner',
};

const CHANGE_LABELS: Record<SyncChange, string> = {
  added: tFiles('upload.stateAdded'),
  updated: tFiles('upload.stateUpdated'),
  removed: tFiles('upload.stateRemoved'),
  pending: tFiles('upload.stateAnalysing'),
};

function stateLabel(row: SyncRow, state: SyncFileState): string {
  if (row.change === 'removed')
    return state.kind === 'ready' ? tFiles('upload.stateRemoved') : tFiles('upload.stateWillRemove');
  switch (state.kind) {
    case 'analysing':
      return tFiles('upload.stateAnalysing');
    case 'ready':
      return CHANGE_LABELS[row.change];
    case 'waiting':
      return tFiles('upload.stateQueued');
    case 'uploading':
      return tFiles('upload.stateUploading', { percent: state.percent });
    case 'uploaded':
      return tFiles('upload.stateUploaded');
  }
}

function FileRow({ row, isRunning }: { row: SyncRow; isRunning: boolean }) {
  const state: SyncFileState = row.change === 'removed' && isRunning ? { kind: 'waiting' } : row.state;
  const slash = row.path.lastIndexOf('/');
  return (
    <li className={`sync-file sync-file--${row.change}`} data-testid="sync-file">
      <span className="sync-file__icon" aria-hidden="true">
        <i className={state.kind === 'analysing' ? CHANGE_ICONS.pending : CHANGE_ICONS[row.change]} />
      </span>
      <span className="sync-file__path" title={row.path}>
        {slash >= 0 && <span className="sync-file__folder">{row.path.slice(0, slash + 1)}</span>}
        <span className="sync-file__name">{row.path.slice(slash + 1)}</span>
      </span>
      <span className="sync-file__size">{formatByteSize(row.size)}</span>
      <span className={`sync-file__state sync-file__state--${state.kind}`} data-testid="sync-file-state">
        {state.kind === 'uploaded' && <i className="pi pi-check" aria-hidden="true" />}
        {stateLabel(row, state)}
      </span>
    </li>
  );
}

function Stat({ change, label, count }: { change: SyncChange; label: string; count: number }) {
  return (
    <div className={`sync-stat sync-stat--${change}`} data-testid={`sync-count-${change}`}>
      <span className="sync-stat__icon" aria-hidden="true">
        <i className={CHANGE_ICONS[change]} />
      </span>
      <span className="sync-stat__label">{label}</span>
      <span className="sync-stat__count">{count}</span>
    </div>
  );
}

interface DataSyncPanelProps {
  project: ProjectDetail;
  upload: ProjectUpload;
}

/**
 * SPEC §2 "Upload panel (Data Sync)": what the picked files change (added, updated, removed, the bytes
 * to send) and each file's state; 'Update Changes' pushes them, through the confirmation when
 * GeoPackages or QGIS projects are overwritten. Closing it discards the upload and cancels a running one.
 */
export function DataSyncPanel({ project, upload }: DataSyncPanelProps) {
  const controller = useUploadController();
  const refreshProject = useRefreshProject();
  const [isConfirming, setIsConfirming] = useState(false);
  const projectPath = projectPathOf(project);
  const { diff, rows, size, analysing } = summariseUpload(project.files, upload);
  const isRunning = upload.phase !== 'preparing';
  const isFinishing = upload.phase === 'finishing';
  // Read-only maintenance: the server would refuse the push, so it is not offered.
  const isReadOnly = useIsMaintenance();
  const canUpdate = !isRunning && !isReadOnly && analysing === 0 && diff.changes > 0;

  // GeoPackages chosen at an older version than the project's are merged by the server (issue 28).
  const merges = pendingMerges(project, upload.overlay, diff.updated);
  const mayLoseChanges = merges.length === 0 || diff.updated.some(isQgisProjectFile);

  const handleUpdate = async () => {
    // The latest version decides what the push does: merges are told against it.
    const latest = await refreshProject(project).catch(() => project);
    if (needsUploadConfirmation(summariseUpload(latest.files, upload).diff.updated)) setIsConfirming(true);
    else void controller.push(latest);
  };

  return (
    <section className="card sync-panel" aria-labelledby="sync-panel-title" data-testid="data-sync">
      <header className="sync-panel__header">
        <span className="sync-panel__badge" aria-hidden="true">
          <i className="pi pi-sync" />
        </span>
        <div className="sync-panel__heading">
          <h2 id="sync-panel-title" className="card__title">
            {tFiles('upload.syncTitle')}
          </h2>
          <span className="sync-panel__size" data-testid="sync-size">
            {tFiles('upload.uploadSize')}: {formatByteSize(size)}
          </span>
        </div>
        <Button
          type="button"
          icon="pi pi-times"
          rounded
          text
          severity="secondary"
          aria-label={tFiles('upload.closeSync')}
          disabled={isFinishing}
          onClick={() => controller.discard(projectPath)}
          data-testid="sync-close"
        />
      </header>

      <div className="sync-panel__stats">
        <Stat change="added" label={tFiles('upload.added')} count={diff.added.length} />
        <Stat change="updated" label={tFiles('upload.updated')} count={diff.updated.length} />
        <Stat change="removed" label={tFiles('upload.removed')} count={diff.removed.length} />
      </div>

      {rows.length > 0 ? (
        <ul
          className="sync-panel__files"
          aria-label={tFiles('upload.changesList')}
          // A scrolling list: keyboard users reach it to scroll it (WCAG 2.1.1).
          tabIndex={0}
          data-testid="sync-files"
        >
          {rows.slice(0, MAX_LISTED_FILES).map((row) => (
            <FileRow key={`${row.change}:${row.path}`} row={row} isRunning={isRunning} />
          ))}
          {rows.length > MAX_LISTED_FILES && (
            <li className="sync-panel__more">
              {tFiles('upload.moreFiles', { count: rows.length - MAX_LISTED_FILES })}
            </li>
          )}
        </ul>
      ) : (
        <p className="sync-panel__empty">{tFiles('upload.noChangesYet')}</p>
      )}

      <footer className="sync-panel__footer">
        {isRunning ? (
          <div className="sync-panel__progress" data-testid="sync-progress">
            <ProgressBar
              value={uploadPercent(upload)}
              showValue={false}
              aria-label={tFiles('upload.progressLabel', { projectPath })}
            />
            <span className="sync-panel__progress-text" role="status">
              {isFinishing
                ? tFiles('upload.finishing')
                : `${tFiles('upload.uploadingOf', { loaded: formatByteSize(sentBytesOf(upload)), total: formatByteSize(upload.totalBytes) })} · ${uploadPercent(upload)}%`}
            </span>
          </div>
        ) : (
          <span className="sync-panel__status" role="status" data-testid="sync-status">
            {analysing > 0 && (
              <>
                <i className="pi pi-spin pi-spinner" aria-hidden="true" />{' '}
                {tFiles('upload.analysing', { count: analysing })}
              </>
            )}
          </span>
        )}
        {isRunning ? (
          // Keys keep the two buttons apart: a double click on Update Changes must not land on Cancel.
          <Button
            key="cancel"
            type="button"
            label={tFiles('upload.cancelUpload')}
            icon="pi pi-stop-circle"
            severity="danger"
            outlined
            disabled={isFinishing}
            onClick={() => controller.cancel(projectPath)}
            data-testid="sync-cancel"
          />
        ) : (
          <Button
            key="update"
            type="button"
            label={tFiles('upload.updateChanges')}
            icon="pi pi-cloud-upload"
            disabled={!canUpdate}
            onClick={() => void handleUpdate()}
            data-testid="sync-update"
          />
        )}
      </footer>

      <ConfirmDialog
        isVisible={isConfirming}
        header={tFiles('upload.confirmHeader')}
        message={
          <>
            <p className="upload-confirm__question">{tFiles('upload.confirmQuestion')}</p>
            {merges.length > 0 && <MergeNotice project={project} merges={merges} />}
            {mayLoseChanges && <p className="upload-confirm__text">{tFiles('upload.confirmText')}</p>}
          </>
        }
        confirmLabel={tFiles('upload.confirmUpdate')}
        cancelLabel={tFiles('upload.confirmCancel')}
        testId="upload-confirm"
        onConfirm={() => {
          setIsConfirming(false);
          void controller.push(project);
        }}
        onHide={() => setIsConfirming(false)}
      />
    </section>
  );
}
