import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type ResetPasswordWithToken } from '@waymark/contract';
import { type ChangePasswordFormValues, changePasswordFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { readFormLevelMessage, setServerFormError } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { BoundPasswordField } from '../../../ui/form/BoundPasswordField.tsx';
import { changePasswordByToken } from '../api/authApi.ts';
import { resolveChangePasswordError } from '../changePasswordError.ts';
import { Trans } from 'react-i18next';
import { tAccount } from '../../../i18n/account.ts';

interface ChangePasswordFormProps {
  /** The token of the emailed link. */
  token: string;
}

/** Sets a new password with the token of an emailed link (SPEC §2 and §5). */
export function ChangePasswordForm({ token }: ChangePasswordFormProps) {
  const form = useForm<ChangePasswordFormValues, unknown, ResetPasswordWithToken>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, changePasswordFormSchema);

  const mutation = useMutation({
    mutationFn: (body: ResetPasswordWithToken) => changePasswordByToken(token, body),
    // Shown twice on purpose: the toast fades, the inline message stays next to the form.
    meta: { readErrorMessage: readFormLevelMessage(resolveChangePasswordError) },
    onError: (error) =>
      setServerFormError(form.setError, resolveChangePasswordError(error), ['password', 'confirm']),
  });

  if (mutation.isSuccess) {
    return (
      <p className="onboarding__subtitle" data-testid="change-password-success">
        <Trans
          t={tAccount}
          i18nKey="changePassword.success"
          components={{ signIn: <Link to={LOGIN_PATH} className="auth-form__link" /> }}
        />
      </p>
    );
  }

  const formError = form.formState.errors.root?.server?.message;
  const handleSubmit = form.handleSubmit((values) => mutation.mutate(values));

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
      <BoundPasswordField
        control={form.control}
        name="password"
        id="change-password-new"
        label={tAccount('changePassword.newPasswordLabel')}
        placeholder={tAccount('changePassword.newPasswordPlaceholder')}
        autoComplete="new-password"
        autoFocus
        // On the wrapper, so the test id also holds the mask toggle; the input is inside it.
        pt={{ root: { 'data-testid': 'change-password-new' } }}
      />
      <BoundPasswordField
        control={form.control}
        name="confirm"
        id="change-password-confirm"
        label={tAccount('changePassword.confirmLabel')}
        placeholder={tAccount('changePassword.confirmPlaceholder')}
        autoComplete="new-password"
        pt={{ root: { 'data-testid': 'change-password-confirm' } }}
      />
      <Button
        type="submit"
        label={tAccount('changePassword.submit')}
        disabled={!isFilled || mutation.isPending}
        loading={mutation.isPending}
        className="auth-form__submit"
        data-testid="change-password-submit"
      />
    </form>
  );
}
