import { type AdminWorkspace, type AdminWorkspaceSortField } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { useState } from 'react';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { sortFromTableEvent, tableSortProps } from '../adminSort.ts';
import { useAdminListState } from '../hooks/useAdminListState.ts';
import { useAdminWorkspaces } from '../hooks/useAdminWorkspaces.ts';
import { AdminListCard } from './AdminListCard.tsx';
import { DateCell, TruncatedText } from './AdminCells.tsx';
import { RowActionsMenu } from './RowActionsMenu.tsx';
import { StorageBar } from './StorageBar.tsx';
import { CreateWorkspaceDialog, QuotaDialog } from './WorkspaceDialogs.tsx';
import { WorkspaceMembersDialog } from './WorkspaceMembersDialog.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

const SORTABLE: readonly AdminWorkspaceSortField[] = [
  'name',
  'storage',
  'disk_usage',
  'project_count',
  'member_count',
  'created',
];

type OpenDialog = 'members' | 'quota' | null;

/** The workspaces section: storage bars, project and member counts, Create workspace, quotas and members. */
export function AdminWorkspaces() {
  const list = useAdminListState<AdminWorkspaceSortField>({ field: 'name', descending: false });
  const query = useAdminWorkspaces(list.params);
  // Read-only maintenance: the server would refuse a new workspace or quota (the members stay readable).
  const isReadOnly = useIsMaintenance();
  const [isCreating, setIsCreating] = useState(false);
  // The chosen workspace stays while its dialog fades out.
  const [target, setTarget] = useState<AdminWorkspace | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const open = (workspace: AdminWorkspace, which: Exclude<OpenDialog, null>) => {
    setTarget(workspace);
    setDialog(which);
  };
  const close = () => setDialog(null);

  return (
    <>
      <AdminListCard
        title={tAdmin('workspaces.title')}
        testId="admin-workspaces"
        query={query}
        search={{
          value: list.searchText,
          onChange: list.setSearchText,
          placeholder: tAdmin('workspaces.searchPlaceholder'),
          label: tAdmin('workspaces.searchLabel'),
        }}
        paging={list}
        action={
          <Button
            label={tAdmin('workspaces.createWorkspace')}
            icon="pi pi-plus"
            onClick={() => setIsCreating(true)}
            disabled={isReadOnly}
            data-testid="admin-workspaces-create"
          />
        }
        emptyText={list.params.like ? tAdmin('workspaces.emptySearch') : tAdmin('workspaces.empty')}
      >
        <div className="data-table admin-table">
          <DataTable
            value={query.data?.items ?? []}
            // The rows are memoised: a change of maintenance mode draws them again.
            key={isReadOnly ? 'read-only' : 'writable'}
            dataKey="id"
            lazy
            loading={query.isFetching}
            {...tableSortProps(list.sort)}
            onSort={(event: DataTableStateEvent) => {
              const sort = sortFromTableEvent(event, SORTABLE);
              if (sort) list.setSort(sort);
            }}
            aria-label={tAdmin('workspaces.tableLabel')}
            data-testid="admin-workspaces-table"
          >
            <Column
              field="name"
              header={tAdmin('workspaces.columnName')}
              sortable
              body={(workspace: AdminWorkspace) => (
                <TruncatedText text={workspace.name} className="admin-strong" testId="admin-workspace-name" />
              )}
            />
            <Column
              field="disk_usage"
              header={tAdmin('workspaces.columnStorage')}
              sortable
              headerClassName="admin-table__storage"
              bodyClassName="admin-table__storage"
              body={(workspace: AdminWorkspace) => (
                <StorageBar
                  name={workspace.name}
                  diskUsage={workspace.disk_usage}
                  storage={workspace.storage}
                />
              )}
            />
            <Column
              field="project_count"
              header={tAdmin('workspaces.columnProjects')}
              sortable
              headerClassName="data-table__number"
              bodyClassName="data-table__number"
              body={(workspace: AdminWorkspace) => (
                <span data-testid="admin-workspace-projects">{workspace.project_count}</span>
              )}
            />
            <Column
              field="member_count"
              header={tAdmin('workspaces.columnMembers')}
              sortable
              headerClassName="data-table__number"
              bodyClassName="data-table__number"
              body={(workspace: AdminWorkspace) => (
                <span data-testid="admin-workspace-members">{workspace.member_count}</span>
              )}
            />
            <Column
              field="created"
              header={tAdmin('workspaces.columnCreated')}
              sortable
              body={(workspace: AdminWorkspace) => <DateCell value={workspace.created} />}
            />
            <Column
              header={<span className="visually-hidden">{tAdmin('workspaces.columnActions')}</span>}
              headerClassName="admin-table__actions"
              bodyClassName="admin-table__actions"
              body={(workspace: AdminWorkspace) => (
                <RowActionsMenu
                  name={workspace.name}
                  testId="admin-workspace-actions"
                  items={[
                    {
                      label: tAdmin('workspaces.members'),
                      icon: 'pi pi-users',
                      command: () => open(workspace, 'members'),
                    },
                    {
                      label: tAdmin('workspaces.changeQuota'),
                      icon: 'pi pi-database',
                      disabled: isReadOnly,
                      command: () => open(workspace, 'quota'),
                    },
                  ]}
                />
              )}
            />
          </DataTable>
        </div>
      </AdminListCard>
      <CreateWorkspaceDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <QuotaDialog workspace={target} isOpen={dialog === 'quota'} onClose={close} />
      <WorkspaceMembersDialog workspace={target} isOpen={dialog === 'members'} onClose={close} />
    </>
  );
}
