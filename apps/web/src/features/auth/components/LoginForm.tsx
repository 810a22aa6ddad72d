import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginRequest } from '@waymark/contract';
import { type LoginFormValues, loginFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
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
import { readSsoChallenge, readSsoError, SsoButton } from './SsoSignIn.tsx';
import { useConfig } from '../../session/hooks/useInstance.ts';
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
  // Set when the account has two-factor sign-in on: the code is asked for next (issue 29), after the password or
  // after single sign-on (which hands the challenge over in the fragment).
  const [challenge, setChallenge] = useState<string | undefined>(() =>
    readSsoChallenge(window.location.hash),
  );
  useEffect(() => {
    if (readSsoChallenge(window.location.hash)) {
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    }
  }, []);
  const config = useConfig();
  const ssoName = config?.sso_name;
  const ssoError = readSsoError(searchParams.get('sso_error'));
  // PASSWORD_LOGIN=false: the password form waits behind a link, for superusers.
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const isPasswordFormShown = !ssoName || config?.password_login !== false || isPasswordShown;
  const redirect = getSafeRedirect(searchParams.get('redirect'));

  const finishSignIn = async () => {
    // A 'Failed to login' of an earlier try has nothing to say on the dashboard.
    notify.clear();
    // The guards run on navigation only, so this page stays while the session turns signed in and
    // the form itself takes the user on to the redirect target (SPEC §2).
    await refreshSession(queryClient);
    await navigate(redirect ?? '/', { replace: true });
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
      {ssoError && !formError && (
        <Message
          severity="error"
          text={tCommon(`login.ssoErrors.${ssoError}`)}
          className="auth-form__message"
          data-testid="login-sso-error"
        />
      )}
      {formError && (
        <Message
          severity="error"
          text={formError}
          className="auth-form__message"
          data-testid="login-form-error"
        />
      )}
      {ssoName && <SsoButton name={ssoName} redirect={redirect} />}
      {ssoName && !isPasswordFormShown && (
        <>
          <p className="auth-form__note">{tCommon('login.passwordOff')}</p>
          <button
            type="button"
            className="auth-form__link auth-form__link-button"
            onClick={() => setIsPasswordShown(true)}
            data-testid="login-show-password"
          >
            {tCommon('login.showPassword')}
          </button>
        </>
      )}
      {ssoName && isPasswordFormShown && (
        <p className="auth-form__divider" aria-hidden="true">
          <span>{tCommon('login.ssoDivider')}</span>
        </p>
      )}
      {isPasswordFormShown && (
        <>
          <BoundTextField
            control={form.control}
            name="login"
            id="login"
            label={tCommon('login.loginLabel')}
            placeholder={tCommon('login.loginPlaceholder')}
            autoComplete="username"
            autoFocus={!ssoName || isPasswordShown}
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
        </>
      )}
    </form>
  );
}
