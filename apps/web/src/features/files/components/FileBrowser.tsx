import { FILES_PAGE_SIZE, type ProjectFile } from '@waymark/contract';
import { Column } from 'primereact/column';
import { DataTable, type DataTableRowClickEvent } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { projectTreePath } from '../../../lib/paths.ts';
import { RelativeTime } from '../../../ui/RelativeTime.tsx';
import { DEFAULT_FILE_SORT, type FileSortKey, listFolder, normalizeLocation, pageOf } from '../fileRows.ts';
import { useFileSelection } from '../hooks/useFileSelection.ts';
import { fileDetailSearch } from '../hooks/useSelectedFilePath.ts';
import { pendingStateOf, usePendingFileChanges } from '../pendingFileChanges.ts';
import { DownloadSelectedBar, FileCheckbox, SelectAllCheckbox } from './DownloadSelection.tsx';
import { FileNameCell, type FileTableRow } from './FileNameCell.tsx';
import { FileSearchBox } from './FileSearchBox.tsx';
import { FileSortMenu } from './FileSortMenu.tsx';
import { FolderBreadcrumb } from './FolderBreadcrumb.tsx';
import { tFiles } from '../../../i18n/files.ts';

const PAGINATOR_TEMPLATE = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink';

interface FileBrowserProps {
  namespace: string;
  projectName: string;
  projectId: string;
  /** The project's version on screen: chosen files are zipped as they are in it. */
  version: string;
  /** Paths of the files the server holds (an upload's new files cannot be downloaded yet). */
  storedFiles: ProjectFile[];
  /** The project's files (plus those an upload would add). */
  files: ProjectFile[];
  /** The folder on screen: the route's `location`. */
  location: string | undefined;
  /** The file whose detail is open, highlighted. */
  selectedPath: string | undefined;
  /** The viewer may upload (writers): only they are told how to add files to an empty project. */
  canUpload: boolean;
}

function EmptyFiles({
  isWholeProjectEmpty,
  canUpload,
}: {
  isWholeProjectEmpty: boolean;
  canUpload: boolean;
}) {
  // A visitor or reader of an empty project cannot drop files: they are told it is empty, nothing more.
  const isEmptyForViewer = isWholeProjectEmpty && !canUpload;
  return (
    <div className="files-empty" data-testid="files-empty">
      <span className="files-empty__icon" aria-hidden="true">
        <i className="pi pi-folder-open" />
      </span>
      <p className="files-empty__title">
        {isEmptyForViewer ? tFiles('files.emptyProject') : tFiles('files.empty')}
      </p>
      {isWholeProjectEmpty && canUpload && (
        <p className="files-empty__text">{tFiles('files.emptyProjectHint')}</p>
      )}
    </div>
  );
}

/**
 * The file browser of SPEC §2: the folder named by the route, folders first with '..' leading up,
 * columns Name / Modified / Size, 'Search files' flattening the folder, the sort menu and pages of 50.
 * A folder opens its address; a file opens its detail sidebar through the `file_path` query.
 */
export function FileBrowser({
  namespace,
  projectName,
  projectId,
  version,
  storedFiles,
  files,
  location,
  selectedPath,
  canUpload,
}: FileBrowserProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = usePendingFileChanges();
  const folder = normalizeLocation(location);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<FileSortKey>(DEFAULT_FILE_SORT);
  // The page belongs to one folder, search and sort: changing any starts again on page 1, without an
  // effect resetting state after the fact.
  const pagingKey = `${folder}\u0000${search}\u0000${sort}`;
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;

  const listing = listFolder(files, { location: folder, search, sort });
  const stored = useMemo(() => new Set(storedFiles.map((file) => file.path)), [storedFiles]);
  const selection = useFileSelection(stored);
  const listedFiles = listing.rows.flatMap((row) =>
    row.kind === 'file' && stored.has(row.path) ? [row.path] : [],
  );
  const isSearching = search.trim() !== '';
  const total = listing.rows.length;
  const folderFileCount = folder
    ? files.filter((file) => file.path.startsWith(`${folder}/`)).length
    : files.length;

  const pageRows: FileTableRow[] = pageOf(listing.rows, page, FILES_PAGE_SIZE).map((row) =>
    row.kind === 'folder'
      ? { ...row, key: `folder:${row.path}` }
      : {
          kind: 'file',
          key: `file:${row.path}`,
          name: row.name,
          path: row.path,
          size: row.size,
          mtime: row.mtime,
          isChosen: selection.has(row.path),
        },
  );
  const rows: FileTableRow[] =
    listing.parent === undefined
      ? pageRows
      : [
          { kind: 'parent', key: 'parent', name: tFiles('files.parentFolder'), path: listing.parent },
          ...pageRows,
        ];

  const targetOf = (row: FileTableRow): string =>
    row.kind === 'file'
      ? `${pathname}${fileDetailSearch(row.path)}`
      : projectTreePath(namespace, projectName, row.path);

  const handleRowClick = (event: DataTableRowClickEvent) => {
    void navigate(targetOf(event.data as FileTableRow));
  };

  return (
    <section className="card files-browser" aria-labelledby="files-title" data-testid="files-browser">
      <header className="files-browser__header">
        <h2 id="files-title" className="visually-hidden">
          {tFiles('files.title')}
        </h2>
        <FolderBreadcrumb namespace={namespace} projectName={projectName} location={folder} />
        <span className="files-browser__count" data-testid="files-count">
          {isSearching
            ? tFiles('files.searchResults', { count: total })
            : tFiles('files.folderFiles', { count: folderFileCount })}
        </span>
      </header>
      <div className="files-toolbar">
        <FileSearchBox value={search} onChange={setSearch} />
        <FileSortMenu value={sort} onChange={setSort} />
      </div>
      <DownloadSelectedBar projectId={projectId} version={version} selection={selection} />
      <div className="files-table">
        <DataTable
          value={rows}
          dataKey="key"
          onRowClick={handleRowClick}
          rowClassName={(row: FileTableRow) => ({
            'files-table__row': true,
            'files-table__row--selected': row.kind === 'file' && row.path === selectedPath,
          })}
          emptyMessage={<EmptyFiles isWholeProjectEmpty={files.length === 0} canUpload={canUpload} />}
          aria-label={tFiles('files.tableLabel')}
          data-testid="files-table"
        >
          <Column
            header={<SelectAllCheckbox paths={listedFiles} selection={selection} />}
            body={(row: FileTableRow) =>
              row.kind === 'file' && stored.has(row.path) ? (
                <FileCheckbox path={row.path} name={row.name} selection={selection} />
              ) : null
            }
            headerClassName="files-table__select"
            bodyClassName="files-table__select"
          />
          <Column
            header={tFiles('files.columnName')}
            body={(row: FileTableRow) => (
              <FileNameCell
                row={row}
                to={targetOf(row)}
                pendingState={row.kind === 'file' ? pendingStateOf(pending, row.path) : undefined}
              />
            )}
            headerClassName="files-table__name"
            bodyClassName="files-table__name"
          />
          <Column
            header={tFiles('files.columnModified')}
            body={(row: FileTableRow) =>
              row.mtime ? <RelativeTime value={row.mtime} testId="file-row-modified" /> : null
            }
            headerClassName="files-table__modified"
            bodyClassName="files-table__modified"
          />
          <Column
            header={tFiles('files.columnSize')}
            body={(row: FileTableRow) =>
              row.size === undefined ? null : (
                <span data-testid="file-row-size">{formatByteSize(row.size)}</span>
              )
            }
            headerClassName="files-table__size"
            bodyClassName="files-table__size"
          />
        </DataTable>
        {/* '..' alone is a row, so the table's own empty message would not show. */}
        {rows.length > 0 && listing.rows.length === 0 && (
          <EmptyFiles isWholeProjectEmpty={false} canUpload={canUpload} />
        )}
      </div>
      {total > FILES_PAGE_SIZE && (
        <Paginator
          first={(page - 1) * FILES_PAGE_SIZE}
          rows={FILES_PAGE_SIZE}
          totalRecords={total}
          template={PAGINATOR_TEMPLATE}
          onPageChange={(event) => setPaging({ key: pagingKey, page: event.page + 1 })}
          className="files-browser__paginator"
          aria-label={tFiles('files.paginatorLabel')}
          data-testid="files-paginator"
        />
      )}
    </section>
  );
}
