import { type ProjectVersionListItem, VERSIONS_PAGE_SIZE } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableRowClickEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Paginator } from 'primereact/paginator';
import { Skeleton } from 'primereact/skeleton';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { CountBadge } from '../../../ui/CountBadge.tsx';
import { ListLoadError } from '../../../ui/ListLoadError.tsx';
import { RelativeTime } from '../../../ui/RelativeTime.tsx';
import { useDownloadProject } from '../../project/hooks/useDownloadProject.ts';
import { useProjectVersions } from '../hooks/useProjectVersions.ts';
import { versionDetailSearch } from '../hooks/useSelectedVersion.ts';
import { tCommon } from '../../../i18n/common.ts';
import { tFiles } from '../../../i18n/files.ts';

const PAGINATOR_TEMPLATE = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink';
const SKELETON_ROWS = 3;

const SORT_OPTIONS = [
  { label: tFiles('versions.sortNewest'), descending: true },
  { label: tFiles('versions.sortOldest'), descending: false },
];

/** SPEC §2 "Files edited": updated plus updated_diff. */
export function editedCount(version: ProjectVersionListItem): number {
  return version.changes.updated + version.changes.updated_diff;
}

interface VersionsTableProps {
  namespace: string;
  projectName: string;
  /** The `version_id` query, highlighted. */
  selectedVersion: string | undefined;
}

const numberColumn = { headerClassName: 'versions-table__number', bodyClassName: 'versions-table__number' };

/**
 * The History tab's table (SPEC §2): Version, Created, Author, Files added / edited / removed, Size and a
 * download of the version's zip; Newest or Oldest first; pages of 50; a row opens the version's detail.
 */
export function VersionsTable({ namespace, projectName, selectedVersion }: VersionsTableProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [descending, setDescending] = useState(true);
  const [paging, setPaging] = useState({ descending, page: 1 });
  // A new order starts again on page 1.
  const page = paging.descending === descending ? paging.page : 1;
  const query = useProjectVersions(namespace, projectName, { page, perPage: VERSIONS_PAGE_SIZE, descending });
  const download = useDownloadProject({ namespace, name: projectName });
  const count = query.data?.count;
  const isLoading = query.isPending;

  const rows: ProjectVersionListItem[] = isLoading
    ? Array.from({ length: SKELETON_ROWS }, (_, index) => ({
        name: `skeleton-${index}`,
        author: null,
        created: '',
        project_name: projectName,
        namespace,
        project_size: 0,
        changes: { added: 0, updated: 0, updated_diff: 0, removed: 0 },
      }))
    : (query.data?.versions ?? []);

  const cell = (render: (version: ProjectVersionListItem) => ReactNode) =>
    function VersionCell(version: ProjectVersionListItem) {
      return isLoading ? <Skeleton width="3rem" height="1rem" /> : render(version);
    };

  const handleRowClick = (event: DataTableRowClickEvent) => {
    if (isLoading) return;
    const version = event.data as ProjectVersionListItem;
    void navigate(`${pathname}${versionDetailSearch(version.name)}`);
  };

  return (
    <section className="card versions-card" aria-labelledby="versions-title" data-testid="versions">
      <header className="versions-card__header">
        <div className="versions-card__title-row">
          <h2 id="versions-title" className="card__title">
            {tFiles('versions.title')}
          </h2>
          {count !== undefined && <CountBadge count={count} testId="versions-count" />}
        </div>
        <Dropdown
          value={descending}
          options={SORT_OPTIONS}
          optionLabel="label"
          optionValue="descending"
          onChange={(event) => setDescending(event.value === true)}
          ariaLabel={tFiles('versions.sortLabel')}
          aria-label={tFiles('versions.sortLabel')}
          dropdownIcon="pi pi-sort-alt"
          className="versions-card__sort"
          data-testid="versions-sort"
        />
      </header>
      <div className="versions-table" aria-busy={isLoading}>
        <DataTable
          value={rows}
          dataKey="name"
          loading={query.isFetching && !isLoading}
          onRowClick={handleRowClick}
          rowClassName={(version: ProjectVersionListItem) => ({
            'versions-table__row': !isLoading,
            'versions-table__row--selected': version.name === selectedVersion,
          })}
          emptyMessage={
            query.isError ? (
              <ListLoadError
                title={tCommon('network.versionsLoadError')}
                retryLabel={tCommon('network.retry')}
                onRetry={() => void query.refetch()}
                testId="versions-load-error"
              />
            ) : (
              <p className="versions-table__empty" data-testid="versions-empty">
                {tFiles('versions.empty')}
              </p>
            )
          }
          aria-label={tFiles('versions.tableLabel')}
          data-testid="versions-table"
        >
          <Column
            header={tFiles('versions.columnVersion')}
            body={cell((version) => (
              <Link
                to={`${pathname}${versionDetailSearch(version.name)}`}
                className="versions-table__version"
                data-testid="version-link"
                // Where focus goes back when the version's sidebar closes.
                data-focus-key={version.name}
                onClick={(event) => event.stopPropagation()}
              >
                {version.name}
              </Link>
            ))}
            headerClassName="versions-table__name"
            bodyClassName="versions-table__name"
          />
          <Column
            header={tFiles('versions.columnCreated')}
            body={cell((version) => (
              <RelativeTime value={version.created} />
            ))}
            headerClassName="versions-table__created"
            bodyClassName="versions-table__created"
          />
          <Column
            header={tFiles('versions.columnAuthor')}
            body={cell((version) => (
              <span className="versions-table__author">{version.author ?? '—'}</span>
            ))}
          />
          <Column
            header={tFiles('versions.columnAdded')}
            body={cell((version) => (
              <span data-testid="version-added">{version.changes.added}</span>
            ))}
            {...numberColumn}
          />
          <Column
            header={tFiles('versions.columnEdited')}
            body={cell((version) => (
              <span data-testid="version-edited">{editedCount(version)}</span>
            ))}
            {...numberColumn}
          />
          <Column
            header={tFiles('versions.columnRemoved')}
            body={cell((version) => (
              <span data-testid="version-removed">{version.changes.removed}</span>
            ))}
            {...numberColumn}
          />
          <Column
            header={tFiles('versions.columnSize')}
            body={cell((version) => (
              <span data-testid="version-size">{formatByteSize(version.project_size)}</span>
            ))}
            {...numberColumn}
          />
          <Column
            header={<span className="visually-hidden">{tFiles('versions.columnDownload')}</span>}
            body={cell((version) => (
              <Button
                icon="pi pi-download"
                rounded
                text
                severity="secondary"
                aria-label={tFiles('versions.download', { version: version.name })}
                loading={download.isPending && download.variables === version.name}
                onClick={(event) => {
                  event.stopPropagation();
                  download.mutate(version.name);
                }}
                data-testid="version-download"
              />
            ))}
            headerClassName="versions-table__action"
            bodyClassName="versions-table__action"
          />
        </DataTable>
      </div>
      {count !== undefined && count > VERSIONS_PAGE_SIZE && (
        <Paginator
          first={(page - 1) * VERSIONS_PAGE_SIZE}
          rows={VERSIONS_PAGE_SIZE}
          totalRecords={count}
          template={PAGINATOR_TEMPLATE}
          onPageChange={(event) => setPaging({ descending, page: event.page + 1 })}
          className="versions-card__paginator"
          aria-label={tFiles('versions.paginatorLabel')}
          data-testid="versions-paginator"
        />
      )}
    </section>
  );
}
