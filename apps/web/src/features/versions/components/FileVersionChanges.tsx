import { abilitiesOfProjectRole, isGeoPackagePath, type ProjectDetail } from '@waymark/contract';
import { SYNC_DOCS_PATH } from '../../../lib/constants.ts';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fileVersionDetailPath, projectHistoryPath } from '../../../lib/paths.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { fileIconOf } from '../../files/fileIcon.ts';
import { useCurrentProject } from '../../project/hooks/useCurrentProject.ts';
import { useConfig } from '../../session/hooks/useInstance.ts';
import type { ChangesetLoadState } from '../changesetLoad.ts';
import { groupChangesetTables, summarizeChangesetTables } from '../changesetTables.ts';
import { type FileVersionState, fileVersionState, restorableContent } from '../fileVersionState.ts';
import { FILE_VIEW_MAP, FILE_VIEW_PARAM } from '../fileVersionView.ts';
import { useFileChangeset } from '../hooks/useFileChangeset.ts';
import { useProjectVersion } from '../hooks/useProjectVersion.ts';
import { versionDetailSearch } from '../hooks/useSelectedVersion.ts';
import { RestoreFileButton } from './RestoreFileButton.tsx';
import { ChangesetGrid } from './ChangesetGrid.tsx';
import { ChangesetSummaryTable } from './ChangesetSummaryTable.tsx';
import '../changesets.css';
import { Trans } from 'react-i18next';
import { tFiles } from '../../../i18n/files.ts';
import { tMap } from '../../../i18n/map.ts';

// MapLibre comes in its own chunk, only when the changes are shown on a map.
const ChangesMap = lazy(() =>
  import('../../map/components/ChangesMap.tsx').then((module) => ({ default: module.ChangesMap })),
);

interface FileVersionChangesProps {
  namespace: string;
  projectName: string;
  version: string;
  /** The file's path in the project. */
  path: string;
}

function FileVersionHeader({
  namespace,
  projectName,
  version,
  path,
  actions,
}: FileVersionChangesProps & { actions: ReactNode }) {
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
        {tFiles('changeset.backToVersion', { version })}
      </Link>
      <div className="file-version__title-row">
        <span className="file-version__icon" aria-hidden="true">
          <i className={fileIconOf(path)} />
        </span>
        <div className="file-version__title-text">
          <span className="file-version__version">
            {tFiles('changeset.versionLabel')} <strong data-testid="file-version-version">{version}</strong>
          </span>
          <h2 className="file-version__title" data-testid="file-version-name">
            {path.slice(slash + 1)}
          </h2>
          {folder && <span className="file-version__folder">{folder}</span>}
        </div>
        {actions}
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
      <span className="visually-hidden">{tFiles('changeset.loading')}</span>
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
      <h3 className="file-version__notice-title">{tFiles('changeset.cannotCalculate')}</h3>
      {docsUrl && (
        <p className="file-version__notice-text">
          <Trans
            t={tFiles}
            i18nKey="changeset.cannotCalculateDocs"
            components={{
              // Trans puts the link's text in from the catalogue.
              docs: <a href={`${docsUrl}${SYNC_DOCS_PATH}`} target="_blank" rel="noopener noreferrer" />,
            }}
          />
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
            {tFiles('changeset.summaryTitle')}
          </h3>
        </header>
        <ChangesetSummaryTable
          summary={summarizeChangesetTables(tables)}
          label={tFiles('changeset.summaryLabel', { path })}
          emptyText={tFiles('changeset.noChanges')}
        />
      </section>
      {tables.map((table) => (
        <ChangesetGrid key={table.name} table={table} />
      ))}
    </>
  );
}

/** Why a file has no changed rows to show in this version: added, removed, replaced as a whole or untouched. */
function NoChangesetNotice({ state, version }: { state: FileVersionState; version: string }) {
  const texts = {
    added: [
      'pi pi-plus-circle',
      tFiles('changeset.addedTitle', { version }),
      tFiles('changeset.addedText', { version }),
    ],
    removed: [
      'pi pi-minus-circle',
      tFiles('changeset.removedTitle', { version }),
      tFiles('changeset.removedText', { version }),
    ],
    replaced: [
      'pi pi-file-edit',
      tFiles('changeset.noChangesetTitle', { version }),
      tFiles('changeset.noChangesetText'),
    ],
    unchanged: [
      'pi pi-file',
      tFiles('changeset.notChangedTitle', { version }),
      tFiles('changeset.notChangedText', { version }),
    ],
  } as const;
  if (!(state.kind in texts)) return null;
  const [icon, title, text] = texts[state.kind as keyof typeof texts];
  return (
    <section
      className={`card file-version__notice file-version__notice--${state.kind}`}
      role="status"
      data-testid={`file-version-${state.kind}`}
    >
      <span className="file-version__notice-icon" aria-hidden="true">
        <i className={icon} />
      </span>
      <h3 className="file-version__notice-title">{title}</h3>
      <p className="file-version__notice-text">{text}</p>
    </section>
  );
}

function ChangesetRows({
  input,
  isEnabled,
}: {
  input: Parameters<typeof useFileChangeset>[0];
  isEnabled: boolean;
}) {
  const query = useFileChangeset(input, isEnabled);
  if (query.isPending) return <ChangesLoading />;
  if (query.isError) {
    return (
      <section className="card" data-testid="file-version-failed">
        <EmptyState title={tFiles('changeset.loadFailed')}>
          <Button
            label={tFiles('changeset.retry')}
            icon="pi pi-refresh"
            outlined
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          />
        </EmptyState>
      </section>
    );
  }
  return query.data.status === 'not-calculable' ? (
    <NotCalculable reason={query.data.reason} />
  ) : (
    <LoadedChanges state={query.data} path={input.path} />
  );
}

/** 'Restore this file version' for writers while the file differs now, or a word that it is the current content. */
function FileVersionActions({
  project,
  state,
  version,
  path,
}: {
  project: ProjectDetail;
  state: FileVersionState | undefined;
  version: string;
  path: string;
}) {
  const navigate = useNavigate();
  if (!state || !abilitiesOfProjectRole(project.role).upload) return null;
  const current = project.files.find((file) => file.path === path);
  if (!restorableContent(state, current)) {
    if (state.kind === 'unchanged' || state.kind === 'removed') return null;
    return (
      <span className="file-version__current" data-testid="file-version-current">
        <i className="pi pi-check-circle" aria-hidden="true" /> {tFiles('restoreFile.isCurrent')}
      </span>
    );
  }
  return (
    <div className="file-version__actions">
      <RestoreFileButton
        project={project}
        path={path}
        version={version}
        onRestored={(created) =>
          void navigate(fileVersionDetailPath(project.namespace, project.name, created, path))
        }
      />
    </div>
  );
}

/** 'Show on map' above a GeoPackage's changes as tables, 'Show as table' above them on a map. */
function ViewSwitch({ onMap }: { onMap: boolean }) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  if (onMap) next.delete(FILE_VIEW_PARAM);
  else next.set(FILE_VIEW_PARAM, FILE_VIEW_MAP);
  const search = next.toString();
  return (
    <div className="file-version__views">
      <Link
        to={{ search: search ? `?${search}` : '' }}
        replace
        className="file-version__view-link"
        data-testid={onMap ? 'file-version-show-table' : 'file-version-show-map'}
      >
        <i className={onMap ? 'pi pi-table' : 'pi pi-map'} aria-hidden="true" />
        {onMap ? tMap('changes.showAsTable') : tMap('changes.showOnMap')}
      </Link>
    </div>
  );
}

/**
 * The file version detail page (SPEC §2): which version and file, then from the version's detail what there is to
 * show: the per-layer summary and each layer's changed rows of an edited GeoPackage ('Changes cannot be
 * calculated' when the server answers 422), or why the file has no changeset (added in that version, removed,
 * replaced, not changed). Writers may restore the file's content of that version. A GeoPackage's changes can be
 * shown on a map instead (`?view=map`, issue 27).
 */
export function FileVersionChanges(props: FileVersionChangesProps) {
  const project = useCurrentProject();
  const { query: versionQuery } = useProjectVersion(project, props.version);
  const state = versionQuery.data ? fileVersionState(versionQuery.data, props.path) : undefined;
  // Without the version's detail the changeset is asked for anyway: the rows may still be there.
  const wantsRows = versionQuery.isError || state?.kind === 'changeset';
  const [params] = useSearchParams();
  const mappable = wantsRows && isGeoPackagePath(props.path);
  const onMap = mappable && params.get(FILE_VIEW_PARAM) === FILE_VIEW_MAP;
  let body: ReactNode;
  if (onMap) {
    body = (
      <section className="card file-version__map">
        <Suspense fallback={<ChangesLoading />}>
          <ChangesMap
            namespace={props.namespace}
            projectName={props.projectName}
            version={props.version}
            path={props.path}
          />
        </Suspense>
      </section>
    );
  } else if (wantsRows) {
    body = (
      <ChangesetRows
        input={{
          namespace: props.namespace,
          name: props.projectName,
          version: props.version,
          path: props.path,
        }}
        isEnabled={wantsRows}
      />
    );
  } else if (!state || state.kind === 'pending') {
    body = <ChangesLoading />;
  } else if (state.kind === 'not-calculable') {
    body = <NotCalculable reason={state.reason} />;
  } else {
    body = <NoChangesetNotice state={state} version={props.version} />;
  }
  return (
    <div className="file-version" data-testid="file-version-detail">
      <FileVersionHeader
        {...props}
        actions={
          <FileVersionActions project={project} state={state} version={props.version} path={props.path} />
        }
      />
      {mappable && <ViewSwitch onMap={onMap} />}
      {body}
    </div>
  );
}
