import { type AdminUser, type AdminUserSortField } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { useSession } from '../../session/hooks/useSession.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { sortFromTableEvent, tableSortProps } from '../adminSort.ts';
import { useAdminListState } from '../hooks/useAdminListState.ts';
import {
  useAdminUsers,
  useDeleteAdminUser,
  useSendPasswordReset,
  useUpdateAdminUser,
} from '../hooks/useAdminUsers.ts';
import { AdminListCard } from './AdminListCard.tsx';
import { DateCell, FlagCell, TimeAgoCell, TruncatedText } from './AdminCells.tsx';
import { CreateUserDialog } from './CreateUserDialog.tsx';
import { type UserAction, UserActionsMenu } from './UserActionsMenu.tsx';
import { tAdmin } from '../../../i18n/admin.ts';
import { tSecurity } from '../../../i18n/security.ts';
import { notify } from '../../../lib/notifications.ts';
import { useAdminResetTwoFactor } from '../../security/hooks/useSecurity.ts';

type Confirmation = {
  action: 'makeSuperuser' | 'removeSuperuser' | 'deactivate' | 'sendReset' | 'resetTwoFactor' | 'delete';
  user: AdminUser;
};

const SORTABLE: readonly AdminUserSortField[] = [
  'username',
  'email',
  'registration_date',
  'last_signed_in',
  'active',
  'is_admin',
];

function UsernameCell({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const fullName = user.profile.name.trim();
  return (
    <span className="admin-user-cell">
      <span className="admin-user-cell__name">
        <TruncatedText text={user.username} testId="admin-user-username" />
        {isSelf && <span className="admin-user-cell__you"> ({tAdmin('users.you')})</span>}
      </span>
      {fullName && fullName !== user.username && (
        <TruncatedText text={fullName} className="admin-user-cell__full" />
      )}
    </span>
  );
}

/** The confirmation asked before a change; its texts follow the action. */
function confirmationProps(confirmation: Confirmation) {
  const { action, user } = confirmation;
  switch (action) {
    case 'makeSuperuser':
      return {
        header: tAdmin('users.makeSuperuserHeader'),
        message: tAdmin('users.makeSuperuserMessage', { username: user.username }),
        confirmLabel: tAdmin('users.makeSuperuser'),
      };
    case 'removeSuperuser':
      return {
        header: tAdmin('users.removeSuperuserHeader'),
        message: tAdmin('users.removeSuperuserMessage', { username: user.username }),
        confirmLabel: tAdmin('users.removeSuperuser'),
        isDanger: true,
      };
    case 'deactivate':
      return {
        header: tAdmin('users.deactivateHeader'),
        message: tAdmin('users.deactivateMessage', { username: user.username }),
        confirmLabel: tAdmin('users.deactivate'),
        isDanger: true,
      };
    case 'sendReset':
      return {
        header: tAdmin('users.sendResetHeader'),
        message: tAdmin('users.sendResetMessage', { username: user.username, email: user.email }),
        confirmLabel: tAdmin('users.sendResetConfirm'),
      };
    case 'resetTwoFactor':
      return {
        header: tSecurity('admin.resetHeader'),
        message: tSecurity('admin.resetMessage', { username: user.username }),
        confirmLabel: tSecurity('admin.resetTwoFactor'),
        isDanger: true,
      };
    case 'delete':
      return {
        header: tAdmin('users.deleteHeader'),
        message: tAdmin('users.deleteMessage', { username: user.username }),
        confirmLabel: tAdmin('users.deleteConfirm'),
        isDanger: true,
        confirmField: { label: tAdmin('users.deleteField'), expected: user.username },
      };
  }
}

/** The users section: search, sortable columns, pages, Create user and each account's actions. */
export function AdminUsers() {
  const ownId = useSession().user?.id;
  // Read-only maintenance: the server would refuse every change of an account.
  const isReadOnly = useIsMaintenance();
  const list = useAdminListState<AdminUserSortField>({ field: 'username', descending: false });
  const query = useAdminUsers(list.params);
  const update = useUpdateAdminUser();
  const remove = useDeleteAdminUser();
  const sendReset = useSendPasswordReset();
  const resetTwoFactor = useAdminResetTwoFactor();
  const [isCreating, setIsCreating] = useState(false);
  // The last confirmation stays while its dialog fades out, so its texts do not change under the eye.
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

  const handleAction = (action: UserAction, user: AdminUser) => {
    if (action === 'reactivate') update.mutate({ user, change: { active: true } });
    else {
      setConfirmation({ action, user });
      setIsConfirmOpen(true);
    }
  };

  const confirm = () => {
    if (!confirmation) return;
    const { action, user } = confirmation;
    const close = { onSuccess: () => setIsConfirmOpen(false) };
    if (action === 'delete') remove.mutate(user, close);
    else if (action === 'sendReset') sendReset.mutate(user, close);
    else if (action === 'resetTwoFactor')
      resetTwoFactor.mutate(user.username, {
        onSuccess: () => {
          notify.success(tSecurity('admin.resetDone', { username: user.username }));
          setIsConfirmOpen(false);
        },
      });
    else if (action === 'deactivate') update.mutate({ user, change: { active: false } }, close);
    else update.mutate({ user, change: { is_admin: action === 'makeSuperuser' } }, close);
  };
  const isConfirming =
    update.isPending || remove.isPending || sendReset.isPending || resetTwoFactor.isPending;

  return (
    <>
      <AdminListCard
        title={tAdmin('users.title')}
        testId="admin-users"
        query={query}
        search={{
          value: list.searchText,
          onChange: list.setSearchText,
          placeholder: tAdmin('users.searchPlaceholder'),
          label: tAdmin('users.searchLabel'),
        }}
        paging={list}
        action={
          <Button
            label={tAdmin('users.createUser')}
            icon="pi pi-user-plus"
            onClick={() => setIsCreating(true)}
            disabled={isReadOnly}
            data-testid="admin-users-create"
          />
        }
        emptyText={list.params.like ? tAdmin('users.emptySearch') : tAdmin('users.empty')}
      >
        <div className="data-table admin-table admin-table--users">
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
            rowClassName={(user: AdminUser) => (user.active ? '' : 'admin-table__row--inactive')}
            aria-label={tAdmin('users.tableLabel')}
            data-testid="admin-users-table"
          >
            <Column
              field="username"
              header={tAdmin('users.columnUsername')}
              sortable
              body={(user: AdminUser) => <UsernameCell user={user} isSelf={user.id === ownId} />}
            />
            <Column
              field="email"
              header={tAdmin('users.columnEmail')}
              sortable
              bodyClassName="admin-table__email"
              body={(user: AdminUser) => <TruncatedText text={user.email} testId="admin-user-email" />}
            />
            <Column
              header={tAdmin('users.columnVerified')}
              headerClassName="admin-table__flag admin-users__verified"
              bodyClassName="admin-table__flag"
              body={(user: AdminUser) => (
                <FlagCell value={user.verified_email} testId="admin-user-verified" />
              )}
            />
            <Column
              field="is_admin"
              header={tAdmin('users.columnSuperuser')}
              sortable
              headerClassName="admin-table__flag admin-users__superuser"
              bodyClassName="admin-table__flag"
              body={(user: AdminUser) => (
                <FlagCell value={user.is_admin} yesIcon="pi pi-shield" testId="admin-user-superuser" />
              )}
            />
            <Column
              header={tSecurity('admin.twoFactorColumn')}
              headerClassName="admin-table__flag admin-users__two-factor"
              bodyClassName="admin-table__flag"
              body={(user: AdminUser) => (
                <FlagCell
                  value={user.two_factor_enabled}
                  yesIcon="pi pi-mobile"
                  testId="admin-user-two-factor"
                />
              )}
            />
            <Column
              field="active"
              header={tAdmin('users.columnActive')}
              sortable
              headerClassName="admin-users__active"
              body={(user: AdminUser) => (
                <Tag
                  value={user.active ? tAdmin('users.active') : tAdmin('users.inactive')}
                  severity={user.active ? 'success' : 'danger'}
                  className="admin-tag"
                  data-testid="admin-user-active"
                />
              )}
            />
            <Column
              field="registration_date"
              header={tAdmin('users.columnRegistered')}
              sortable
              headerClassName="admin-users__registered"
              body={(user: AdminUser) => <DateCell value={user.registration_date} />}
            />
            <Column
              field="last_signed_in"
              header={tAdmin('users.columnLastSignIn')}
              sortable
              headerClassName="admin-users__last-sign-in"
              body={(user: AdminUser) => <TimeAgoCell value={user.last_signed_in} />}
            />
            <Column
              header={<span className="visually-hidden">{tAdmin('users.columnActions')}</span>}
              headerClassName="admin-table__actions"
              bodyClassName="admin-table__actions"
              body={(user: AdminUser) => (
                <UserActionsMenu user={user} ownId={ownId} onAction={handleAction} isReadOnly={isReadOnly} />
              )}
            />
          </DataTable>
        </div>
      </AdminListCard>
      <CreateUserDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <ConfirmDialog
        isVisible={isConfirmOpen && confirmation !== null}
        {...(confirmation ? confirmationProps(confirmation) : { message: '' })}
        isBusy={isConfirming}
        testId="admin-user-confirm"
        onConfirm={confirm}
        onHide={() => setIsConfirmOpen(false)}
      />
    </>
  );
}
