import { useParams } from 'react-router';
import { LoginForm } from '../features/auth/components/LoginForm.tsx';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm.tsx';
import { BrandPanel } from '../ui/BrandPanel.tsx';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';
import { TipBox } from '../ui/TipBox.tsx';
import { tCommon } from '../i18n/common.ts';

/** /login/:reset? — sign in, or with `reset` ask for a password reset link. */
export function LoginPage() {
  const isResetMode = useParams().reset === 'reset';
  return (
    <OnboardingLayout
      aside={<BrandPanel />}
      header={
        <>
          <h1 className="onboarding__title">
            {isResetMode ? tCommon('login.resetTitle') : tCommon('login.title')}
          </h1>
          <p className="onboarding__subtitle">
            {isResetMode ? tCommon('login.resetSubtitle') : tCommon('login.subtitle')}
          </p>
        </>
      }
    >
      {isResetMode ? <ResetPasswordForm /> : <LoginForm />}
      <TipBox>{tCommon('login.tip')}</TipBox>
    </OnboardingLayout>
  );
}
