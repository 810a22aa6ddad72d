import { useQuery } from '@tanstack/react-query';

import { Link, useParams } from 'react-router';
import { checkPasswordToken } from '../features/auth/api/authApi.ts';
import { ChangePasswordForm } from '../features/auth/components/ChangePasswordForm.tsx';
import { isNoAnswerError } from '../lib/api/apiErrors.ts';
import { RESET_PASSWORD_PATH } from '../lib/paths.ts';
import { BrandPanel } from '../ui/BrandPanel.tsx';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';
import { tAccount } from '../i18n/account.ts';

/**
 * /change-password/:token — sets a new password from an emailed link (a reset or an invitation). The link is
 * checked as the page opens, so a used or expired one is said at once, with a way to a new one, rather than
 * after the new password was typed twice. Without an answer from the server the form stays: its own call says more.
 */
export function ChangePasswordPage() {
  const token = useParams().token ?? '';
  const check = useQuery({
    queryKey: ['password-token', token],
    queryFn: () => checkPasswordToken(token).then(() => true),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const isInvalid = check.isError && !isNoAnswerError(check.error);
  return (
    <OnboardingLayout
      aside={<BrandPanel />}
      header={
        <>
          <h1 className="onboarding__title">
            {isInvalid ? tAccount('changePassword.invalidTitle') : tAccount('changePassword.title')}
          </h1>
          <p className="onboarding__subtitle">
            {isInvalid ? tAccount('changePassword.invalidText') : tAccount('changePassword.subtitle')}
          </p>
        </>
      }
    >
      {check.isPending && (
        <p className="onboarding__subtitle" role="status">
          {tAccount('changePassword.checking')}
        </p>
      )}
      {isInvalid && (
        <Link
          to={RESET_PASSWORD_PATH}
          className="p-button auth-form__submit"
          data-testid="change-password-request-new"
        >
          {tAccount('changePassword.requestNew')}
        </Link>
      )}
      {!check.isPending && !isInvalid && <ChangePasswordForm token={token} />}
    </OnboardingLayout>
  );
}
