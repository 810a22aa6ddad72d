import { CHANGESET_TEXTS, SYNC_DOCS_PATH } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { projectHistoryPath } from '../../../lib/paths.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { fileIconOf } from '../../files/fileIcon.ts';
import { useConfig } from '../../session/hooks/useInstance.ts';
import type { ChangesetLoadState } from '../changesetLoad.ts';
import { groupChangesetTables, summarizeChangesetTables } from '../changesetTables.ts';
import { useFileChangeset } from '../hooks/useFileChangeset.ts';
import { versionDetailSearch } from '../hooks/useSelectedVersion.ts';
import { ChangesetGrid } from './ChangesetGrid.tsx';
import { ChangesetSummaryTable } from './ChangesetSummaryTable.tsx';
import '../changesets.css';

interface FileVersionChangesProps {
  namespace: string;
  projectName: string;
  version: string;
  /** The file's path in the project. */
  path: string;
}

function FileVersionHeader({ namespace, projectName, version, path }: FileVersionChangesProps) {
  const slash = path.lastIndexOf('/');
  const folder = slash > 0 ? path.slice(0, slash) : undefined;
  return (
    <header className="card file-version__header">
      <Link
        to={`${projectHistoryPath(namespace, projectName)}${versionDetailSearch(version)}`}
        className="file-version__back"
        data-testid="file-version-back"
      >
        <i className="pi pi-arrow-left" aria-hidden="true" />
        {CHANGESET_TEXTS.backToVersion(version)}
      </Link>
      <div className="file-version__title-row">
        <span className="file-version__icon" aria-hidden="true">
          <i className={fileIconOf(path)} />
        </span>
        <div className="file-version__title-text">
          <span className="file-version__version">
            {CHANGESET_TEXTS.versionLabel} <strong data-testid="file-version-version">{version}</strong>
          </span>
          <h2 className="file-version__title" data-testid="file-version-name">
            {path.slice(slash + 1)}
          </h2>
          {folder && <span className="file-version__folder">{folder}</span>}
        </div>
      </div>
    </header>
  );
}

function ChangesLoading() {
  return (
    <div
      className="file-version__loading"
      role="status"
      aria-live="polite"
      data-testid="file-version-loading"
    >
      <span className="visually-hidden">{CHANGESET_TEXTS.loading}</span>
      <Skeleton height="8rem" borderRadius="12px" />
      <Skeleton height="16rem" borderRadius="12px" />
    </div>
  );
}

/** SPEC §2: the changes of a GeoPackage the server cannot compare, with the synchronisation guide. */
function NotCalculable({ reason }: { reason: string | undefined }) {
  const docsUrl = useConfig()?.docs_url;
  return (
    <section className="card file-version__notice" role="status" data-testid="changeset-not-calculable">
      <span className="file-version__notice-icon" aria-hidden="true">
        <i className="pi pi-exclamation-circle" />
      </span>
      <h3 className="file-version__notice-title">{CHANGESET_TEXTS.cannotCalculate}</h3>
      {docsUrl && (
        <p className="file-version__notice-text">
          {CHANGESET_TEXTS.cannotCalculateBefore}{' '}
          <a href={`${docsUrl}${SYNC_DOCS_PATH}`} target="_blank" rel="noopener noreferrer">
            {CHANGESET_TEXTS.cannotCalculateLink}
          </a>
          {CHANGESET_TEXTS.cannotCalculateAfter}
        </p>
      )}
      {reason && (
        <p className="file-version__notice-reason" data-testid="changeset-not-calculable-reason">
          {reason}
        </p>
      )}
    </section>
  );
}

function LoadedChanges({
  state,
  path,
}: {
  state: Extract<ChangesetLoadState, { status: 'loaded' }>;
  path: string;
}) {
  const tables = useMemo(() => groupChangesetTables(state.changes), [state.changes]);
  return (
    <>
      <section className="card file-version__summary" aria-labelledby="file-version-summary-title">
        <header className="card__header">
          <h3 id="file-version-summary-title" className="card__title">
            {CHANGESET_TEXTS.summaryTitle}
          </h3>
        </header>
        <ChangesetSummaryTable
          summary={summarizeChangesetTables(tables)}
          label={CHANGESET_TEXTS.summaryLabel(path)}
          emptyText={CHANGESET_TEXTS.noChanges}
        />
      </section>
      {tables.map((table) => (
        <ChangesetGrid key={table.name} table={table} />
      ))}
    </>
  );
}

/**
 * The file version detail page (SPEC §2): which version and file, the per-layer summary, then each
 * layer's changed rows; 'Changes cannot be calculated' when the server answers 422.
 */
export function FileVersionChanges(props: FileVersionChangesProps) {
  const query = useFileChangeset({
    namespace: props.namespace,
    name: props.projectName,
    version: props.version,
    path: props.path,
  });
  return (
    <div className="file-version" data-testid="file-version-detail">
      <FileVersionHeader {...props} />
      {query.isPending ? (
        <ChangesLoading />
      ) : query.isError ? (
        <section className="card" data-testid="file-version-failed">
          <EmptyState title={CHANGESET_TEXTS.loadFailed}>
            <Button
              label={CHANGESET_TEXTS.retry}
              icon="pi pi-refresh"
              outlined
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            />
          </EmptyState>
        </section>
      ) : query.data.status === 'not-calculable' ? (
        <NotCalculable reason={query.data.reason} />
      ) : (
        <LoadedChanges state={query.data} path={props.path} />
      )}
    </div>
  );
}
