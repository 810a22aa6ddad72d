import { type AdminUser } from '@waymark/contract';
import type { MenuItem } from 'primereact/menuitem';
import { userActionState } from '../adminRules.ts';
import { RowActionsMenu } from './RowActionsMenu.tsx';
import { tAdmin } from '../../../i18n/admin.ts';
import { tSecurity } from '../../../i18n/security.ts';

/** What a row's menu asks the users section to do. */
export type UserAction =
  | 'makeSuperuser'
  | 'removeSuperuser'
  | 'deactivate'
  | 'reactivate'
  | 'sendReset'
  | 'resetTwoFactor'
  | 'delete';

interface UserActionsMenuProps {
  user: AdminUser;
  ownId: number | undefined;
  onAction: (action: UserAction, user: AdminUser) => void;
  /** Read-only maintenance: every action is a write the server would refuse. */
  isReadOnly: boolean;
}

/** The ⋮ button of a user's row and its menu; actions the server would refuse for oneself are disabled. */
export function UserActionsMenu({ user, ownId, onAction, isReadOnly }: UserActionsMenuProps) {
  const state = userActionState(user, ownId);
  const isAllowed = (can: boolean) => can && !isReadOnly;
  const items: MenuItem[] = [
    user.is_admin
      ? {
          label: tAdmin('users.removeSuperuser'),
          icon: 'pi pi-shield',
          disabled: !isAllowed(state.canToggleSuperuser),
          command: () => onAction('removeSuperuser', user),
        }
      : {
          label: tAdmin('users.makeSuperuser'),
          icon: 'pi pi-shield',
          disabled: !isAllowed(state.canToggleSuperuser),
          command: () => onAction('makeSuperuser', user),
        },
    user.active
      ? {
          label: tAdmin('users.deactivate'),
          icon: 'pi pi-ban',
          disabled: !isAllowed(state.canToggleActive),
          command: () => onAction('deactivate', user),
        }
      : {
          label: tAdmin('users.reactivate'),
          icon: 'pi pi-check-circle',
          disabled: !isAllowed(state.canToggleActive),
          command: () => onAction('reactivate', user),
        },
    {
      label: tAdmin('users.sendReset'),
      icon: 'pi pi-envelope',
      disabled: !isAllowed(state.canSendReset),
      command: () => onAction('sendReset', user),
    },
    {
      label: tSecurity('admin.resetTwoFactor'),
      icon: 'pi pi-mobile',
      disabled: !isAllowed(user.two_factor_enabled),
      command: () => onAction('resetTwoFactor', user),
    },
    { separator: true },
    {
      label: tAdmin('users.deleteUser'),
      icon: 'pi pi-trash',
      disabled: !isAllowed(state.canDelete),
      className: 'admin-menu__danger',
      command: () => onAction('delete', user),
    },
  ];
  return <RowActionsMenu name={user.username} items={items} testId="user-actions" />;
}
