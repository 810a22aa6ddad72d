import { type AdminProject, type AdminProjectSortField } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { projectPath } from '../../../lib/paths.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { sortFromTableEvent, tableSortProps } from '../adminSort.ts';
import { type AdminSort, useAdminListState } from '../hooks/useAdminListState.ts';
import { RenameProjectDialog } from '../../project/components/ProjectRenameSetting.tsx';
import {
  useAdminProjects,
  useAdminRenameProject,
  useRemovedProjectActions,
} from '../hooks/useAdminProjects.ts';
import { AdminListCard } from './AdminListCard.tsx';
import { DateCell, TimeAgoCell, TruncatedText } from './AdminCells.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

type View = 'live' | 'removed';

const VIEW_OPTIONS: { value: View; label: string }[] = [
  { value: 'live', label: tAdmin('projects.viewLive') },
  { value: 'removed', label: tAdmin('projects.viewRemoved') },
];

const SORTABLE: readonly AdminProjectSortField[] = [
  'name',
  'workspace',
  'disk_usage',
  'version',
  'updated',
  'created',
  'removed_at',
];

/** Each view opens on its most useful order: the latest change, or the latest removal. */
const DEFAULT_SORT: Record<View, AdminSort<AdminProjectSortField>> = {
  live: { field: 'updated', descending: true },
  removed: { field: 'removed_at', descending: true },
};

function ProjectNameCell({ project, isLive }: { project: AdminProject; isLive: boolean }) {
  return (
    <span className="admin-project-cell">
      {isLive ? (
        <Link
          to={projectPath(project.workspace, project.name)}
          className="admin-strong admin-truncate"
          title={project.name}
          data-testid="admin-project-name"
        >
          {project.name}
        </Link>
      ) : (
        <TruncatedText text={project.name} className="admin-strong" testId="admin-project-name" />
      )}
      {project.public && <Tag value={tAdmin('projects.public')} severity="info" className="admin-tag" />}
    </span>
  );
}

/** The projects section: every live project of the server, or those scheduled for deletion with Restore and Delete now. */
export function AdminProjects() {
  const [view, setView] = useState<View>('live');
  const list = useAdminListState<AdminProjectSortField>(DEFAULT_SORT.live, view);
  const isLive = view === 'live';
  const query = useAdminProjects({ ...list.params, removed: !isLive });
  const { restore, deleteNow } = useRemovedProjectActions();
  // The project stays while its confirmation fades out.
  const [toDelete, setToDelete] = useState<AdminProject | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [toRestore, setToRestore] = useState<AdminProject | null>(null);
  const [isRestoreOpen, setIsRestoreOpen] = useState(false);
  // Read-only maintenance: the server would refuse a rename, a restore or a deletion.
  const isReadOnly = useIsMaintenance();
  const isBusy = restore.isPending || deleteNow.isPending || isReadOnly;
  const rename = useAdminRenameProject();
  const [toRename, setToRename] = useState<AdminProject | null>(null);

  const changeView = (next: View) => {
    setView(next);
    list.setSort(DEFAULT_SORT[next]);
  };

  const emptyText = list.params.like
    ? tAdmin('projects.emptySearch')
    : isLive
      ? tAdmin('projects.empty')
      : tAdmin('projects.emptyRemoved');

  return (
    <>
      <AdminListCard
        title={isLive ? tAdmin('projects.title') : tAdmin('projects.viewRemoved')}
        testId="admin-projects"
        query={query}
        search={{
          value: list.searchText,
          onChange: list.setSearchText,
          placeholder: tAdmin('projects.searchPlaceholder'),
          label: tAdmin('projects.searchLabel'),
        }}
        paging={list}
        toolbar={
          <SelectButton
            value={view}
            options={VIEW_OPTIONS}
            optionLabel="label"
            optionValue="value"
            allowEmpty={false}
            onChange={(event) => changeView(event.value as View)}
            aria-label={tAdmin('projects.viewLabel')}
            className="admin-view-switch"
            data-testid="admin-projects-view"
          />
        }
        emptyText={emptyText}
      >
        <div className="data-table admin-table">
          {/* One table per view: rows of the same id keep no cells of the other view's columns. */}
          <DataTable
            // The rows are memoised: a change of maintenance mode draws them again.
            key={`${view}-${isReadOnly ? 'read-only' : 'writable'}`}
            value={query.data?.items ?? []}
            dataKey="id"
            lazy
            loading={query.isFetching}
            {...tableSortProps(list.sort)}
            onSort={(event: DataTableStateEvent) => {
              const sort = sortFromTableEvent(event, SORTABLE);
              if (sort) list.setSort(sort);
            }}
            aria-label={tAdmin('projects.tableLabel')}
            data-testid="admin-projects-table"
          >
            <Column
              field="name"
              header={tAdmin('projects.columnName')}
              sortable
              body={(project: AdminProject) => <ProjectNameCell project={project} isLive={isLive} />}
            />
            <Column
              field="workspace"
              header={tAdmin('projects.columnWorkspace')}
              sortable
              body={(project: AdminProject) => (
                <TruncatedText text={project.workspace} testId="admin-project-workspace" />
              )}
            />
            <Column
              field="disk_usage"
              header={tAdmin('projects.columnSize')}
              sortable
              headerClassName="data-table__number"
              bodyClassName="data-table__number"
              body={(project: AdminProject) => formatByteSize(project.disk_usage)}
            />
            {isLive && (
              <Column
                key="version"
                field="version"
                header={tAdmin('projects.columnVersion')}
                sortable
                headerClassName="data-table__number"
                bodyClassName="data-table__number"
                body={(project: AdminProject) => (
                  <span data-testid="admin-project-version">{project.version}</span>
                )}
              />
            )}
            {isLive && (
              <Column
                key="updated"
                field="updated"
                header={tAdmin('projects.columnUpdated')}
                sortable
                body={(project: AdminProject) => <TimeAgoCell value={project.updated} />}
              />
            )}
            {isLive && (
              <Column
                key="live-actions"
                header={<span className="visually-hidden">{tAdmin('projects.columnActions')}</span>}
                headerClassName="admin-table__actions"
                bodyClassName="admin-table__actions"
                body={(project: AdminProject) => (
                  <Button
                    label={tAdmin('projects.rename')}
                    icon="pi pi-pencil"
                    size="small"
                    outlined
                    aria-label={tAdmin('projects.renameOf', { name: project.name })}
                    disabled={isReadOnly}
                    onClick={() => setToRename(project)}
                    data-testid="admin-project-rename"
                  />
                )}
              />
            )}
            {!isLive && (
              <Column
                key="removed_at"
                field="removed_at"
                header={tAdmin('projects.columnRemoved')}
                sortable
                body={(project: AdminProject) => (
                  <span className="admin-removed-cell">
                    <TimeAgoCell value={project.removed_at} />
                    {project.removed_by && <span className="admin-cell__muted">{project.removed_by}</span>}
                  </span>
                )}
              />
            )}
            {!isLive && (
              <Column
                key="purge_at"
                header={tAdmin('projects.columnPurge')}
                body={(project: AdminProject) =>
                  project.purge_at ? <DateCell value={project.purge_at} /> : null
                }
              />
            )}
            {!isLive && (
              <Column
                key="removed-actions"
                header={<span className="visually-hidden">{tAdmin('projects.columnActions')}</span>}
                headerClassName="admin-table__actions"
                bodyClassName="admin-table__actions"
                body={(project: AdminProject) => (
                  <span className="admin-table__buttons">
                    <Button
                      label={tAdmin('projects.restore')}
                      icon="pi pi-replay"
                      size="small"
                      outlined
                      disabled={isBusy}
                      aria-label={tAdmin('projects.restoreOf', { name: project.name })}
                      onClick={() => {
                        setToRestore(project);
                        setIsRestoreOpen(true);
                      }}
                      data-testid="admin-project-restore"
                    />
                    <Button
                      label={tAdmin('projects.deleteNow')}
                      icon="pi pi-trash"
                      size="small"
                      outlined
                      severity="danger"
                      disabled={isBusy}
                      aria-label={tAdmin('projects.deleteNowOf', { name: project.name })}
                      onClick={() => {
                        setToDelete(project);
                        setIsConfirmOpen(true);
                      }}
                      data-testid="admin-project-delete"
                    />
                  </span>
                )}
              />
            )}
          </DataTable>
        </div>
      </AdminListCard>
      <RenameProjectDialog
        isVisible={toRename !== null}
        name={toRename?.name ?? ''}
        isPending={rename.isPending}
        onSubmit={(name, onRefused) => {
          if (toRename) {
            rename.mutate(
              { project: toRename, name },
              { onSuccess: () => setToRename(null), onError: onRefused },
            );
          }
        }}
        onHide={() => setToRename(null)}
      />
      <ConfirmDialog
        isVisible={isRestoreOpen && toRestore !== null}
        header={tAdmin('projects.restoreHeader')}
        message={
          toRestore
            ? tAdmin('projects.restoreMessage', { name: `${toRestore.workspace}/${toRestore.name}` })
            : ''
        }
        confirmLabel={tAdmin('projects.restore')}
        isBusy={restore.isPending}
        testId="admin-project-restore-confirm"
        onConfirm={() => {
          if (toRestore) restore.mutate(toRestore, { onSuccess: () => setIsRestoreOpen(false) });
        }}
        onHide={() => setIsRestoreOpen(false)}
      />
      <ConfirmDialog
        isVisible={isConfirmOpen && toDelete !== null}
        header={tAdmin('projects.deleteHeader')}
        message={
          toDelete ? tAdmin('projects.deleteMessage', { name: `${toDelete.workspace}/${toDelete.name}` }) : ''
        }
        confirmLabel={tAdmin('projects.deleteConfirm')}
        isDanger
        confirmField={
          toDelete ? { label: tAdmin('projects.deleteField'), expected: toDelete.name } : undefined
        }
        isBusy={deleteNow.isPending}
        testId="admin-project-delete-confirm"
        onConfirm={() => {
          if (toDelete) deleteNow.mutate(toDelete, { onSuccess: () => setIsConfirmOpen(false) });
        }}
        onHide={() => setIsConfirmOpen(false)}
      />
    </>
  );
}
