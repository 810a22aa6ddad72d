import { useState } from 'react';
import { SettingRow } from '../../../ui/SettingRow.tsx';
import { SettingsCard } from '../../../ui/SettingsCard.tsx';
import { ChangePasswordDialog } from '../../account/components/ChangePasswordDialog.tsx';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tSecurity } from '../../../i18n/security.ts';
import { useTwoFactorStatus } from '../hooks/useSecurity.ts';
import { AccessTokensSection } from './AccessTokensSection.tsx';
import { LinkedSignInSection } from './LinkedSignInSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { WorkspaceRulesSection } from './WorkspaceRulesSection.tsx';
import './security.css';

/** The profile's Security card: password, two-factor sign-in, workspace rules, personal access tokens, linked sign-in. */
export function SecurityCard() {
  const isReadOnly = useIsMaintenance();
  const status = useTwoFactorStatus();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  return (
    <SettingsCard titleId="account-security-title" title={tSecurity('card.title')} testId="account-security">
      <SettingRow
        icon="pi pi-lock"
        title={tSecurity('password.title')}
        description={tSecurity('password.hint')}
        action={{
          label: tSecurity('password.action'),
          icon: 'pi pi-pencil',
          onClick: () => setIsChangingPassword(true),
          testId: 'security-change-password',
          isDisabled: isReadOnly,
        }}
      />
      <TwoFactorSection isReadOnly={isReadOnly} />
      <WorkspaceRulesSection isReadOnly={isReadOnly} isTwoFactorOn={status.data?.enabled === true} />
      <AccessTokensSection isReadOnly={isReadOnly} />
      <LinkedSignInSection isReadOnly={isReadOnly} />
      <ChangePasswordDialog isOpen={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </SettingsCard>
  );
}
