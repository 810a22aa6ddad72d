import { useQueryClient } from '@tanstack/react-query';
import { type RecoveryCodes } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignOut } from '../features/auth/hooks/useSignOut.ts';
import { RecoveryCodesPanel } from '../features/security/components/RecoveryCodesPanel.tsx';
import { TwoFactorSetupPanel } from '../features/security/components/TwoFactorSetupPanel.tsx';
import '../features/security/components/security.css';
import { useSession } from '../features/session/hooks/useSession.ts';
import { refreshSession } from '../features/session/sessionActions.ts';
import { BrandPanel } from '../ui/BrandPanel.tsx';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';
import { tSecurity } from '../i18n/security.ts';

/**
 * /two-factor-setup: a workspace of the user requires two-factor sign-in, which they have off; until it is on this is
 * the only page they may open (the server refuses their other calls too).
 */
export function TwoFactorSetupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const session = useSession();
  const [codes, setCodes] = useState<RecoveryCodes>();
  const workspaces = (session.twoFactorRequiredBy ?? []).map((name) => `'${name}'`).join(', ');
  const finish = async () => {
    await refreshSession(queryClient);
    await navigate('/', { replace: true });
  };
  return (
    <OnboardingLayout
      aside={<BrandPanel />}
      header={
        <>
          <h1 className="onboarding__title">
            {codes ? tSecurity('twoFactor.codesTitle') : tSecurity('gate.title')}
          </h1>
          {!codes && <p className="onboarding__subtitle">{tSecurity('gate.text', { workspaces })}</p>}
        </>
      }
    >
      <div className="auth-form" data-testid="two-factor-gate">
        {codes ? (
          <RecoveryCodesPanel codes={codes.recovery_codes} onDone={() => void finish()} />
        ) : (
          <TwoFactorSetupPanel onEnabled={setCodes} />
        )}
      </div>
      {!codes && (
        <Button
          type="button"
          label={tSecurity('gate.signOut')}
          link
          onClick={signOut}
          className="auth-form__back"
          data-testid="two-factor-gate-sign-out"
        />
      )}
    </OnboardingLayout>
  );
}
