import { Link } from 'react-router';
import { LOGIN_PATH } from '../lib/paths.ts';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';

/** /change-password/:token — placeholder until the account issue sets passwords by token. */
export function ChangePasswordPage() {
  return (
    <OnboardingLayout header={<h1 className="onboarding__title">Set a new password</h1>}>
      <p className="onboarding__subtitle">Setting a new password from an emailed link is coming soon.</p>
      <Link to={LOGIN_PATH} className="auth-form__link">
        Back to login
      </Link>
    </OnboardingLayout>
  );
}
