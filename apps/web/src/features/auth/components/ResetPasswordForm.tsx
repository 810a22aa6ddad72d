import { useMutation } from '@tanstack/react-query';
import { LOGIN_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resolveFormError } from '../../../lib/api/apiErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { requestPasswordReset } from '../api/authApi.ts';

/** The reset-password mode of the sign-in page (/login/reset). */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: async () => {
      notify.success(LOGIN_TEXTS.resetSent);
      await navigate(LOGIN_PATH);
    },
    onError: (error) => {
      const result = resolveFormError(error, LOGIN_TEXTS.resetFailed);
      if (result.kind === 'fields') {
        setEmailError(result.fields.email ?? Object.values(result.fields)[0]);
        return;
      }
      notify.error(result.message);
    },
  });

  const trimmedEmail = email.trim();
  const canSubmit = trimmedEmail !== '' && !mutation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setEmailError(undefined);
    mutation.mutate({ email: trimmedEmail });
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="reset-form">
      <TextField
        id="reset-email"
        label={LOGIN_TEXTS.emailLabel}
        error={emailError}
        name="email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder={LOGIN_TEXTS.emailPlaceholder}
        autoComplete="email"
        autoFocus
        data-testid="reset-form-email"
      />
      <Link to={LOGIN_PATH} className="auth-form__link" data-testid="reset-form-back">
        {LOGIN_TEXTS.backToLogin}
      </Link>
      <Button
        type="submit"
        label={LOGIN_TEXTS.resetSubmit}
        disabled={!canSubmit}
        loading={mutation.isPending}
        className="auth-form__submit"
        data-testid="reset-form-submit"
      />
    </form>
  );
}
