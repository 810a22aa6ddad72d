import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type ResetPasswordRequest } from '@waymark/contract';
import { type ResetPasswordFormValues, resetPasswordFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Button } from 'primereact/button';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { resolveFormError } from '../../../lib/api/apiErrors.ts';
import { readFormLevelMessage } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { LOGIN_PATH } from '../../../lib/paths.ts';
import { BoundTextField } from '../../../ui/form/BoundTextField.tsx';
import { requestPasswordReset } from '../api/authApi.ts';
import { tCommon } from '../../../i18n/common.ts';

const resolveResetError = (error: unknown) => resolveFormError(error, tCommon('login.resetFailed'));

/** The reset-password mode of the sign-in page (/login/reset). */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const form = useForm<ResetPasswordFormValues, unknown, ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, resetPasswordFormSchema);

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    meta: {
      readErrorMessage: readFormLevelMessage(resolveResetError),
      successMessage: tCommon('login.resetSent'),
    },
    onSuccess: () => navigate(LOGIN_PATH),
    onError: (error) => {
      const result = resolveResetError(error);
      if (result.kind !== 'fields') return;
      // The form has the email field only: any field's message is about the address sent.
      const message = result.fields.email ?? Object.values(result.fields)[0];
      if (message) form.setError('email', { type: 'server', message });
    },
  });

  const handleSubmit = form.handleSubmit((values) => mutation.mutate(values));

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="reset-form">
      <BoundTextField
        control={form.control}
        name="email"
        id="reset-email"
        label={tCommon('login.emailLabel')}
        type="email"
        placeholder={tCommon('login.emailPlaceholder')}
        autoComplete="email"
        autoFocus
        data-testid="reset-form-email"
      />
      <Link to={LOGIN_PATH} className="auth-form__link" data-testid="reset-form-back">
        {tCommon('login.backToLogin')}
      </Link>
      <Button
        type="submit"
        label={tCommon('login.resetSubmit')}
        disabled={!isFilled || mutation.isPending}
        loading={mutation.isPending}
        className="auth-form__submit"
        data-testid="reset-form-submit"
      />
    </form>
  );
}
