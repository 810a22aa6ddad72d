import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGIN_TEXTS, TOAST_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resolveFormError } from '../../../lib/api/apiErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { getSafeRedirect, RESET_PASSWORD_PATH } from '../../../lib/paths.ts';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { refreshSession } from '../../session/sessionActions.ts';
import { login } from '../api/authApi.ts';
import { useSignInStore } from '../signInStore.ts';

type LoginField = 'login' | 'password';
type FieldErrors = Partial<Record<LoginField, string>>;

/** The sign-in form of SPEC §2 and §5. */
export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [loginValue, setLoginValue] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const setCompletingSignIn = useSignInStore((state) => state.setCompletingSignIn);

  // The sign-in is complete once this page is gone. Not when the navigation promise settles: the route
  // change renders as a transition, so the guard could still see this page once more and win the race.
  useEffect(() => () => setCompletingSignIn(false), [setCompletingSignIn]);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async () => {
      // Before the session turns signed in: the guard then leaves this page to the form.
      setCompletingSignIn(true);
      await refreshSession(queryClient);
      await navigate(getSafeRedirect(searchParams.get('redirect')) ?? '/', { replace: true });
    },
    onError: (error) => {
      const result = resolveFormError(error, TOAST_TEXTS.loginFailed);
      if (result.kind === 'fields') {
        setFieldErrors(result.fields);
        return;
      }
      // Shown twice on purpose: the toast fades, the inline message stays next to the form.
      setFormError(result.message);
      notify.error(result.message);
    },
  });

  const trimmedLogin = loginValue.trim();
  const trimmedPassword = password.trim();
  const canSubmit = trimmedLogin !== '' && trimmedPassword !== '' && !mutation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFieldErrors({});
    setFormError(undefined);
    mutation.mutate({ login: trimmedLogin, password: trimmedPassword });
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="login-form">
      {formError && (
        <Message
          severity="error"
          text={formError}
          className="auth-form__message"
          data-testid="login-form-error"
        />
      )}
      <TextField
        id="login"
        label={LOGIN_TEXTS.loginLabel}
        error={fieldErrors.login}
        name="login"
        value={loginValue}
        onChange={(event) => setLoginValue(event.target.value)}
        placeholder={LOGIN_TEXTS.loginPlaceholder}
        autoComplete="username"
        autoFocus
        data-testid="login-form-login"
      />
      <PasswordField
        id="password"
        label={LOGIN_TEXTS.passwordLabel}
        error={fieldErrors.password}
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        placeholder={LOGIN_TEXTS.passwordPlaceholder}
        autoComplete="current-password"
        data-testid="login-form-password"
      />
      <Link to={RESET_PASSWORD_PATH} className="auth-form__link" data-testid="login-form-forgot">
        {LOGIN_TEXTS.forgotPassword}
      </Link>
      <Button
        type="submit"
        label={LOGIN_TEXTS.submit}
        disabled={!canSubmit}
        loading={mutation.isPending}
        className="auth-form__submit"
        data-testid="login-form-submit"
      />
    </form>
  );
}
