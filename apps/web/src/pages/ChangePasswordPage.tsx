import { CHANGE_PASSWORD_TEXTS } from '@waymark/contract';
import { useParams } from 'react-router';
import { ChangePasswordForm } from '../features/auth/components/ChangePasswordForm.tsx';
import { BrandPanel } from '../ui/BrandPanel.tsx';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';

/** /change-password/:token — sets a new password from an emailed link. */
export function ChangePasswordPage() {
  const token = useParams().token ?? '';
  return (
    <OnboardingLayout
      aside={<BrandPanel />}
      header={
        <>
          <h1 className="onboarding__title">{CHANGE_PASSWORD_TEXTS.title}</h1>
          <p className="onboarding__subtitle">{CHANGE_PASSWORD_TEXTS.subtitle}</p>
        </>
      }
    >
      <ChangePasswordForm token={token} />
    </OnboardingLayout>
  );
}
