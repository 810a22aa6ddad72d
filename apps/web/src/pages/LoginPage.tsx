import { LOGIN_TEXTS } from '@waymark/contract';
import { useParams } from 'react-router';
import { LoginForm } from '../features/auth/components/LoginForm.tsx';
import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm.tsx';
import { BrandPanel } from '../ui/BrandPanel.tsx';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';
import { TipBox } from '../ui/TipBox.tsx';

/** /login/:reset? — sign in, or with `reset` ask for a password reset link. */
export function LoginPage() {
  const isResetMode = useParams().reset === 'reset';
  return (
    <OnboardingLayout
      aside={<BrandPanel />}
      header={
        <>
          <h1 className="onboarding__title">{isResetMode ? LOGIN_TEXTS.resetTitle : LOGIN_TEXTS.title}</h1>
          <p className="onboarding__subtitle">
            {isResetMode ? LOGIN_TEXTS.resetSubtitle : LOGIN_TEXTS.subtitle}
          </p>
        </>
      }
    >
      {isResetMode ? <ResetPasswordForm /> : <LoginForm />}
      <TipBox>{LOGIN_TEXTS.tip}</TipBox>
    </OnboardingLayout>
  );
}
