import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginRequest } from '@waymark/contract';
import { type LoginFormValues, loginFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { readErrorDetail, resolveFormError } from '../../../lib/api/apiErrors.ts';
import { setServerFormError } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { getSafeRedirect, RESET_PASSWORD_PATH } from '../../../lib/paths.ts';
import { BoundPasswordField } from '../../../ui/form/BoundPasswordField.tsx';
import { BoundTextField } from '../../../ui/form/BoundTextField.tsx';
import { refreshSession } from '../../session/sessionActions.ts';
import { login } from '../api/authApi.ts';
import { TwoFactorLoginForm } from './TwoFactorLoginForm.tsx';
import { tCommon } from '../../../i18n/common.ts';

const resolveLoginError = (error: unknown) => resolveFormError(error, tCommon('toast.loginFailed'));

/** The server gave its reason (a detail, or messages per field): the form shows it; otherwise a toast does. */
const isSaidInline = (error: unknown) =>
  readErrorDetail(error) !== undefined || resolveLoginError(error).kind === 'fields';

/** The sign-in form of SPEC §2 and §5. */
export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm<LoginFormValues, unknown, LoginRequest>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { login: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, loginFormSchema);
  // Set when the account has two-factor sign-in on: the code is asked for next (issue 29).
  const [challenge, setChallenge] = useState<string>();

  const finishSignIn = async () => {
    // A 'Failed to login' of an earlier try has nothing to say on the dashboard.
    notify.clear();
    // The guards run on navigation only, so this page stays while the session turns signed in and
    // the form itself takes the user on to the redirect target (SPEC §2).
    await refreshSession(queryClient);
    await navigate(getSafeRedirect(searchParams.get('redirect')) ?? '/', { replace: true });
  };

  const mutation = useMutation({
    mutationFn: login,
    // Said once: the server's reason inline beside the form; only a failure without one is the 'Failed to login' toast.
    meta: { readErrorMessage: (error) => (isSaidInline(error) ? undefined : tCommon('toast.loginFailed')) },
    onSuccess: async (answer) => {
      if (answer.two_factor_challenge) {
        setChallenge(answer.two_factor_challenge);
        return;
      }
      await finishSignIn();
    },
    onError: (error) => {
      if (isSaidInline(error))
        setServerFormError(form.setError, resolveLoginError(error), ['login', 'password']);
    },
  });

  const formError = form.formState.errors.root?.server?.message;
  if (challenge) {
    return (
      <TwoFactorLoginForm
        challenge={challenge}
        onSignedIn={finishSignIn}
        onBack={() => {
          setChallenge(undefined);
          form.resetField('password');
        }}
      />
    );
  }
  const handleSubmit = form.handleSubmit((values) => mutation.mutate(values));

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
      <BoundTextField
        control={form.control}
        name="login"
        id="login"
        label={tCommon('login.loginLabel')}
        placeholder={tCommon('login.loginPlaceholder')}
        autoComplete="username"
        autoFocus
        data-testid="login-form-login"
      />
      <BoundPasswordField
        control={form.control}
        name="password"
        id="password"
        label={tCommon('login.passwordLabel')}
        placeholder={tCommon('login.passwordPlaceholder')}
        autoComplete="current-password"
        data-testid="login-form-password"
      />
      <Link to={RESET_PASSWORD_PATH} className="auth-form__link" data-testid="login-form-forgot">
        {tCommon('login.forgotPassword')}
      </Link>
      <Button
        type="submit"
        label={tCommon('login.submit')}
        disabled={!isFilled || mutation.isPending}
        loading={mutation.isPending}
        className="auth-form__submit"
        data-testid="login-form-submit"
      />
    </form>
  );
}
