import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordRequest } from '@waymark/contract';
import {
  type ChangeOwnPasswordFormValues,
  changeOwnPasswordFormSchema,
} from '../../../lib/forms/formSchemas.ts';
import { Dialog } from 'primereact/dialog';
import { useForm } from 'react-hook-form';
import { setServerFormError } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { FormActions } from '../../../ui/form/FormActions.tsx';
import { BoundPasswordField } from '../../../ui/form/BoundPasswordField.tsx';
import { resolveAccountFormError } from '../accountFormErrors.ts';
import { PASSWORD_FIELDS, useChangePassword } from '../hooks/useAccountMutations.ts';
import { tAccount } from '../../../i18n/account.ts';

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const mutation = useChangePassword();
  const form = useForm<ChangeOwnPasswordFormValues, unknown, ChangePasswordRequest>({
    resolver: zodResolver(changeOwnPasswordFormSchema),
    defaultValues: { old_password: '', password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, changeOwnPasswordFormSchema);
  const handleSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onClose,
      onError: (error) =>
        setServerFormError(
          form.setError,
          resolveAccountFormError(error, PASSWORD_FIELDS, tAccount('profile.passwordFailed')),
          PASSWORD_FIELDS,
        ),
    }),
  );

  return (
    <form
      className="account-form"
      onSubmit={handleSubmit}
      noValidate
      data-testid="change-password-dialog-form"
    >
      <BoundPasswordField
        control={form.control}
        name="old_password"
        // The server's reason was about the value sent: a new value makes it stale.
        onValueChange={() => form.clearErrors('old_password')}
        id="change-password-old"
        label={tAccount('profile.oldPasswordLabel')}
        errorTestId="change-password-old-error"
        autoComplete="current-password"
        autoFocus
        pt={{ root: { 'data-testid': 'change-password-old' } }}
      />
      <BoundPasswordField
        control={form.control}
        name="password"
        onValueChange={() => form.clearErrors('password')}
        id="change-password-new"
        label={tAccount('profile.newPasswordLabel')}
        placeholder={tAccount('profile.newPasswordPlaceholder')}
        errorTestId="change-password-new-error"
        autoComplete="new-password"
        // The input library's strength meter (SPEC: Change password dialog).
        feedback
        pt={{ root: { 'data-testid': 'change-password-new' } }}
      />
      <BoundPasswordField
        control={form.control}
        name="confirm"
        onValueChange={() => form.clearErrors('confirm')}
        id="change-password-confirm"
        label={tAccount('profile.confirmLabel')}
        errorTestId="change-password-confirm-error"
        autoComplete="new-password"
        pt={{ root: { 'data-testid': 'change-password-confirm' } }}
      />
      <FormActions
        cancelLabel={tAccount('profile.cancel')}
        submitLabel={tAccount('profile.save')}
        isPending={mutation.isPending}
        isSubmitDisabled={!isFilled}
        onCancel={onClose}
        testId="change-password"
      />
    </form>
  );
}

/** SPEC §2 "Change password": persistent (no closing by Escape or a click beside it); Cancel closes. */
export function ChangePasswordDialog(props: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog
      header={tAccount('profile.changePassword')}
      visible={props.isOpen}
      onHide={props.onClose}
      modal
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      resizable={false}
      className="account-dialog"
      data-testid="change-password-dialog"
    >
      <ChangePasswordForm onClose={props.onClose} />
    </Dialog>
  );
}
