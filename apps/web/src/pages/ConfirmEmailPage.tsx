import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONFIRM_EMAIL_TEXTS } from '@waymark/contract';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { confirmEmail } from '../features/account/api/accountApi.ts';
import '../features/account/components/account.css';
import { USER_PROFILE_QUERY_KEY } from '../features/session/session.ts';
import { OnboardingLayout } from '../ui/OnboardingLayout.tsx';

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
    <OnboardingLayout header={<h1 className="onboarding__title">{CONFIRM_EMAIL_TEXTS.title}</h1>}>
      <p
        className="onboarding__subtitle confirm-email__message"
        role="status"
        data-testid="confirm-email-result"
      >
        {status === 'success' && <i className="pi pi-check-circle" aria-hidden="true" />}
        {status === 'error' && <i className="pi pi-times-circle" aria-hidden="true" />}
        {status === 'success'
          ? CONFIRM_EMAIL_TEXTS.verified
          : status === 'error'
            ? CONFIRM_EMAIL_TEXTS.invalid
            : CONFIRM_EMAIL_TEXTS.verifying}
      </p>
      {isDone && (
        <Link to="/" className="p-button auth-form__submit" data-testid="confirm-email-continue">
          {CONFIRM_EMAIL_TEXTS.continue}
        </Link>
      )}
    </OnboardingLayout>
  );
}
