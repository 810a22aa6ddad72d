import { useMutation } from '@tanstack/react-query';
import { CHANGE_PASSWORD_TEXTS, type ResetPasswordWithToken } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { changePasswordByToken } from '../api/authApi.ts';
import { type ChangePasswordFieldErrors, resolveChangePasswordError } from '../changePasswordError.ts';

interface ChangePasswordFormProps {
  /** The token of the emailed link. */
  token: string;
}

/** Sets a new password with the token of an emailed link (SPEC §2 and §5). */
export function ChangePasswordForm({ token }: ChangePasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<ChangePasswordFieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const mutation = useMutation({
    mutationFn: (body: ResetPasswordWithToken) => changePasswordByToken(token, body),
    onError: (error) => {
      const result = resolveChangePasswordError(error);
      if (result.kind === 'fields') {
        setFieldErrors(result.fields);
        return;
      }
      // Shown twice on purpose: the toast fades, the inline message stays next to the form.
      setFormError(result.message);
      notify.error(result.message);
    },
  });

  if (mutation.isSuccess) {
    return (
      <p className="onboarding__subtitle" data-testid="change-password-success">
        {CHANGE_PASSWORD_TEXTS.successPrefix}
        <Link to={LOGIN_PATH} className="auth-form__link">
          {CHANGE_PASSWORD_TEXTS.signIn}
        </Link>
      </p>
    );
  }

  const canSubmit = password !== '' && confirm !== '' && !mutation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFieldErrors({});
    setFormError(undefined);
    mutation.mutate({ password, confirm });
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="change-password-form">
      {formError && (
        <Message
          severity="error"
          text={formError}
          className="auth-form__message"
          data-testid="change-password-error"
        />
      )}
      <PasswordField
        id="change-password-new"
        label={CHANGE_PASSWORD_TEXTS.newPasswordLabel}
        error={fieldErrors.password}
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        placeholder={CHANGE_PASSWORD_TEXTS.newPasswordPlaceholder}
        autoComplete="new-password"
        autoFocus
        // On the wrapper, so the test id also holds the mask toggle; the input is inside it.
        pt={{ root: { 'data-testid': 'change-password-new' } }}
      />
      <PasswordField
        id="change-password-confirm"
        label={CHANGE_PASSWORD_TEXTS.confirmLabel}
        error={fieldErrors.confirm}
        name="confirm"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        placeholder={CHANGE_PASSWORD_TEXTS.confirmPlaceholder}
        autoComplete="new-password"
        pt={{ root: { 'data-testid': 'change-password-confirm' } }}
      />
      <Button
        type="submit"
        label={CHANGE_PASSWORD_TEXTS.submit}
        disabled={!canSubmit}
        loading={mutation.isPending}
        className="auth-form__submit"
        data-testid="change-password-submit"
      />
    </form>
  );
}
