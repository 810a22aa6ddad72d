import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { confirmEmail } from '../features/account/api/accountApi.ts';
import '../features/account/components/account.css';
import { USER_PROFILE_QUERY_KEY } from '../features/session/session.ts';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';
import { tAccount } from '../i18n/account.ts';

/** /confirm-email/:token (SPEC §2): verifies the address, then 'Continue' leads home. */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const { mutate, status } = useMutation({
    mutationFn: confirmEmail,
    // The page itself says what happened ('Invalid token'): no toast.
    meta: { readErrorMessage: () => undefined },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY }),
  });
  // Once per token: a token works once, so a second call (a re-run effect) would answer 'Invalid token'.
  const sentFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [mutate, token]);

  const isDone = status === 'success' || status === 'error';
  return (
    <OnboardingLayout header={<h1 className="onboarding__title">{tAccount('confirmEmail.title')}</h1>}>
      <p
        className="onboarding__subtitle confirm-email__message"
        role="status"
        data-testid="confirm-email-result"
      >
        {status === 'success' && <i className="pi pi-check-circle" aria-hidden="true" />}
        {status === 'error' && <i className="pi pi-times-circle" aria-hidden="true" />}
        {status === 'success'
          ? tAccount('confirmEmail.verified')
          : status === 'error'
            ? tAccount('confirmEmail.invalid')
            : tAccount('confirmEmail.verifying')}
      </p>
      {isDone && (
        <Link to="/" className="p-button auth-form__submit" data-testid="confirm-email-continue">
          {tAccount('confirmEmail.continue')}
        </Link>
      )}
    </OnboardingLayout>
  );
}
