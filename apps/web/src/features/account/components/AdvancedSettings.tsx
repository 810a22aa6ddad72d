import { type UserProfile } from '@waymark/contract';
import { InputSwitch } from 'primereact/inputswitch';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SettingRow } from '../../../ui/SettingRow.tsx';
import { SettingsCard } from '../../../ui/SettingsCard.tsx';
import { useCloseAccount, useUpdateProfile } from '../hooks/useAccountMutations.ts';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tAccount } from '../../../i18n/account.ts';

/** SPEC §2: the 'Receive notifications' switch and 'Close account' (type your username to confirm). */
export function AdvancedSettings({ user }: { user: UserProfile }) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const notifications = useUpdateProfile({ fields: [] });
  const closing = useCloseAccount();
  const [isConfirming, setIsConfirming] = useState(false);
  const close = () => setIsConfirming(false);
  return (
    <SettingsCard
      titleId="account-advanced-title"
      title={tAccount('profile.advanced')}
      testId="account-advanced"
    >
      <div className="setting-row">
        <span className="setting-row__icon" aria-hidden="true">
          <i className="pi pi-bell" />
        </span>
        <div className="setting-row__text">
          <label className="setting-row__title" htmlFor="receive-notifications">
            {tAccount('profile.notifications')}
          </label>
          <p className="setting-row__description">{tAccount('profile.notificationsHint')}</p>
        </div>
        <InputSwitch
          inputId="receive-notifications"
          checked={user.receive_notifications}
          disabled={notifications.isPending || isReadOnly}
          onChange={(event) => notifications.mutate({ receive_notifications: event.value })}
          data-testid="receive-notifications"
          // PrimeReact gives the wrapper a checkbox role too; the input inside is the switch.
          pt={{ root: { role: 'presentation', 'aria-checked': undefined } }}
        />
      </div>
      <SettingRow
        icon="pi pi-user-minus"
        iconTone="danger"
        title={tAccount('profile.closeAccount')}
        description={tAccount('profile.closeAccountHint')}
        action={{
          label: tAccount('profile.closeAccount'),
          icon: 'pi pi-user-minus',
          severity: 'danger',
          onClick: () => setIsConfirming(true),
          testId: 'close-account-button',
          isDisabled: isReadOnly,
        }}
      />
      <ConfirmDialog
        isVisible={isConfirming}
        header={tAccount('profile.closeConfirmHeader')}
        message={<p>{tAccount('profile.closeConfirmMessage')}</p>}
        confirmField={{ label: tAccount('profile.closeConfirmField'), expected: user.username }}
        confirmLabel={tAccount('profile.closeConfirm')}
        isDanger
        isBusy={closing.isPending}
        testId="close-account-dialog"
        onConfirm={() => closing.mutate(undefined, { onError: close })}
        onHide={close}
      />
    </SettingsCard>
  );
}
