import { zodResolver } from '@hookform/resolvers/zod';
import { type UserProfile } from '@waymark/contract';
import { type EditAccountFormValues, editAccountFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Dialog } from 'primereact/dialog';
import { useForm } from 'react-hook-form';
import { setServerFormError } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { FormActions } from '../../../ui/form/FormActions.tsx';
import { BoundTextField } from '../../../ui/form/BoundTextField.tsx';
import { resolveAccountFormError } from '../accountFormErrors.ts';
import { PROFILE_FIELDS, useUpdateProfile } from '../hooks/useAccountMutations.ts';
import { tAccount } from '../../../i18n/account.ts';

type EditAccountValues = { first_name: string; last_name: string; email: string };

function EditAccountForm({ user, onClose }: { user: UserProfile; onClose: () => void }) {
  const mutation = useUpdateProfile();
  const form = useForm<EditAccountFormValues, unknown, EditAccountValues>({
    resolver: zodResolver(editAccountFormSchema),
    defaultValues: { first_name: user.first_name ?? '', last_name: user.last_name ?? '', email: user.email },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, editAccountFormSchema);
  const handleSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onClose,
      onError: (error) =>
        setServerFormError(
          form.setError,
          resolveAccountFormError(error, PROFILE_FIELDS, tAccount('profile.profileFailed')),
          PROFILE_FIELDS,
        ),
    }),
  );

  return (
    <form className="account-form" onSubmit={handleSubmit} noValidate data-testid="edit-account-form">
      <BoundTextField
        control={form.control}
        name="first_name"
        // The server's reason was about the value sent: a new value makes it stale.
        onValueChange={() => form.clearErrors('first_name')}
        id="edit-account-first-name"
        label={tAccount('profile.firstNameLabel')}
        errorTestId="edit-account-first-name-error"
        autoComplete="given-name"
        autoFocus
        data-testid="edit-account-first-name"
      />
      <BoundTextField
        control={form.control}
        name="last_name"
        onValueChange={() => form.clearErrors('last_name')}
        id="edit-account-last-name"
        label={tAccount('profile.lastNameLabel')}
        errorTestId="edit-account-last-name-error"
        autoComplete="family-name"
        data-testid="edit-account-last-name"
      />
      <BoundTextField
        control={form.control}
        name="email"
        onValueChange={() => form.clearErrors('email')}
        id="edit-account-email"
        label={tAccount('profile.emailLabel')}
        errorTestId="edit-account-email-error"
        autoComplete="email"
        type="email"
        data-testid="edit-account-email"
      />
      <p className="account-form__hint">{tAccount('profile.emailChangeHint')}</p>
      <FormActions
        cancelLabel={tAccount('profile.cancel')}
        submitLabel={tAccount('profile.save')}
        isPending={mutation.isPending}
        isSubmitDisabled={!isFilled}
        onCancel={onClose}
        testId="edit-account"
      />
    </form>
  );
}

/** SPEC §2 "Edit account": names and address, trimmed; the server's field errors show under their fields. */
export function EditAccountDialog(props: { isOpen: boolean; user: UserProfile; onClose: () => void }) {
  return (
    <Dialog
      header={tAccount('profile.editAccount')}
      visible={props.isOpen}
      onHide={props.onClose}
      modal
      draggable={false}
      resizable={false}
      className="account-dialog"
      data-testid="edit-account-dialog"
    >
      <EditAccountForm user={props.user} onClose={props.onClose} />
    </Dialog>
  );
}
