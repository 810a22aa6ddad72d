import { Link } from 'react-router';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';

/** /confirm-email/:token — placeholder until the account issue verifies tokens. */
export function ConfirmEmailPage() {
  return (
    <OnboardingLayout header={<h1 className="onboarding__title">Email confirmation</h1>}>
      <p className="onboarding__subtitle">We are getting email confirmation ready. Please check back soon.</p>
      <Link to="/" className="p-button auth-form__submit">
        Continue
      </Link>
    </OnboardingLayout>
  );
}
