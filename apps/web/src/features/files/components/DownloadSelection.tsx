import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useArchiveDownload } from '../hooks/useArchiveDownload.ts';
import type { FileSelection } from '../hooks/useFileSelection.ts';
import { tFiles } from '../../../i18n/files.ts';

/** Clicks on a checkbox choose the file; they must not open the row's file detail too. */
const stopRowClick = (event: React.MouseEvent) => event.stopPropagation();

export function FileCheckbox({
  path,
  name,
  selection,
}: {
  path: string;
  name: string;
  selection: FileSelection;
}) {
  return (
    <span className="files-select" onClick={stopRowClick}>
      <Checkbox
        checked={selection.has(path)}
        onChange={(event) => selection.toggle(path, event.checked === true)}
        aria-label={tFiles('download.selectFile', { name })}
        data-testid="file-select"
      />
    </span>
  );
}

/** Chooses every file of the list (all its pages: the folder, or the search's results), or none. */
export function SelectAllCheckbox({ paths, selection }: { paths: string[]; selection: FileSelection }) {
  const isAll = paths.length > 0 && paths.every((path) => selection.has(path));
  return (
    <span className="files-select" onClick={stopRowClick}>
      <Checkbox
        checked={isAll}
        disabled={paths.length === 0}
        onChange={(event) => selection.setMany(paths, event.checked === true)}
        aria-label={tFiles('download.selectAll')}
        data-testid="files-select-all"
      />
    </span>
  );
}

/**
 * The download of the chosen files: a button with their count; while the server prepares the zip, its progress
 * and a way to stop waiting; then the browser downloads it. A refusal is shown with the server's own words.
 */
export function DownloadSelectedBar({
  projectId,
  version,
  selection,
}: {
  projectId: string;
  version: string;
  selection: FileSelection;
}) {
  const { state, start, cancel } = useArchiveDownload(projectId, version);
  const count = selection.paths.length;
  if (count === 0 && state.phase === 'idle') return null;
  const isPreparing = state.phase === 'preparing';
  const percent =
    isPreparing && state.total > 0 ? Math.min(100, Math.floor((state.done / state.total) * 100)) : 0;
  return (
    <div className="files-download" data-testid="files-download">
      <div className="files-download__actions">
        <Button
          label={tFiles('download.download', { count })}
          icon="pi pi-download"
          loading={isPreparing}
          disabled={isPreparing || count === 0}
          onClick={() => void start(selection.paths)}
          data-testid="files-download-selected"
        />
        <Button
          label={tFiles('download.clear')}
          text
          disabled={isPreparing}
          onClick={selection.clear}
          data-testid="files-clear-selection"
        />
      </div>
      {isPreparing && (
        <div className="files-download__progress" role="status" data-testid="files-download-progress">
          <p className="files-download__title">{tFiles('download.preparing')}</p>
          <ProgressBar
            value={percent}
            aria-label={tFiles('download.progressLabel')}
            className="files-download__bar"
          />
          <p className="files-download__hint">{tFiles('download.preparingHint')}</p>
          <Button label={tFiles('download.cancel')} text size="small" onClick={cancel} />
        </div>
      )}
      {state.phase === 'failed' && (
        <Message
          severity="error"
          text={state.message}
          role="alert"
          className="files-download__error"
          data-testid="files-download-error"
        />
      )}
    </div>
  );
}
