import { Tag } from 'primereact/tag';
import { Link } from 'react-router';
import { fileIconOf } from '../fileIcon.ts';
import type { PendingFileState } from '../pendingFileChanges.ts';
import { tFiles } from '../../../i18n/files.ts';

/** A row of the files table: a folder, a file, or '..' leading up. */
export type FileTableRow =
  | { kind: 'parent'; key: string; name: string; path: string; size?: undefined; mtime?: undefined }
  | {
      kind: 'folder';
      key: string;
      name: string;
      path: string;
      fileCount: number;
      size: number;
      mtime: string;
    }
  | {
      kind: 'file';
      key: string;
      name: string;
      path: string;
      size: number;
      mtime: string;
      /** Chosen for download: part of the row, so the table draws the row again when it changes. */
      isChosen?: boolean;
    };

const STATE_TAGS: Record<PendingFileState, { label: string; severity: 'success' | 'danger' | 'info' }> = {
  added: { label: tFiles('fileDetail.stateAdded'), severity: 'success' },
  removed: { label: tFiles('fileDetail.stateRemoved'), severity: 'danger' },
  updated: { label: tFiles('fileDetail.stateUpdated'), severity: 'info' },
};

interface FileNameCellProps {
  row: FileTableRow;
  /** Where the row leads: the folder's address, or the current address with the file's `file_path`. */
  to: string;
  pendingState?: PendingFileState;
}

/** Icon, name link and, for folders, how many files they hold (SPEC §2 folder row). */
export function FileNameCell({ row, to, pendingState }: FileNameCellProps) {
  const icon =
    row.kind === 'file' ? fileIconOf(row.path) : row.kind === 'parent' ? 'pi pi-arrow-up' : 'pi pi-folder';
  const stateTag = pendingState ? STATE_TAGS[pendingState] : undefined;
  return (
    <div className={`file-name-cell file-name-cell--${row.kind}`}>
      <span className="file-name-cell__icon" aria-hidden="true">
        <i className={icon} />
      </span>
      <div className="file-name-cell__body">
        <Link
          to={to}
          className="file-name-cell__link"
          aria-label={row.kind === 'parent' ? tFiles('files.parentFolderLabel') : undefined}
          data-testid={`file-row-link-${row.kind}`}
          // Where focus goes back when the file's sidebar closes.
          data-focus-key={row.kind === 'file' ? row.path : undefined}
          // The row navigates on click as well; one navigation is enough.
          onClick={(event) => event.stopPropagation()}
        >
          {row.name}
        </Link>
        {row.kind === 'folder' && (
          <span className="file-name-cell__meta" data-testid="folder-file-count">
            {tFiles('files.folderFiles', { count: row.fileCount })}
          </span>
        )}
      </div>
      {stateTag && (
        <Tag value={stateTag.label} severity={stateTag.severity} className="file-name-cell__tag" />
      )}
    </div>
  );
}
