import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCreateUserFormOutput,
  type AdminCreateUserFormValues,
  type AdminCreateUserMode,
  adminCreateUserFormSchema,
} from '../adminFormSchemas.ts';
import { Dialog } from 'primereact/dialog';
import { SelectButton } from 'primereact/selectbutton';
import { useId } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { setServerFormError } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { BoundPasswordField } from '../../../ui/form/BoundPasswordField.tsx';
import { BoundTextField } from '../../../ui/form/BoundTextField.tsx';
import { FormActions } from '../../../ui/form/FormActions.tsx';
import { createUserRequestOf } from '../adminRules.ts';
import {
  CREATE_USER_FIELDS,
  resolveCreateUserError,
  useCreateAdminUser,
} from '../hooks/useCreateAdminUser.ts';
import { tAdmin } from '../../../i18n/admin.ts';

const MODE_OPTIONS: { value: AdminCreateUserMode; label: string }[] = [
  { value: 'password', label: tAdmin('createUser.modePassword') },
  { value: 'invite', label: tAdmin('createUser.modeInvite') },
];

function CreateUserForm({ onClose }: { onClose: () => void }) {
  const modeLabelId = useId();
  const mutation = useCreateAdminUser();
  const form = useForm<AdminCreateUserFormValues, unknown, AdminCreateUserFormOutput>({
    resolver: zodResolver(adminCreateUserFormSchema),
    defaultValues: { username: '', email: '', mode: 'password', password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, adminCreateUserFormSchema);
  const mode = useWatch({ control: form.control, name: 'mode' });
  const { field: modeField } = useController({ control: form.control, name: 'mode' });

  const handleSubmit = form.handleSubmit((values) =>
    mutation.mutate(createUserRequestOf(values), {
      onSuccess: onClose,
      onError: (error) =>
        setServerFormError(form.setError, resolveCreateUserError(error), CREATE_USER_FIELDS),
    }),
  );

  return (
    <form className="admin-form" onSubmit={handleSubmit} noValidate data-testid="create-user-form">
      <BoundTextField
        control={form.control}
        name="email"
        // The server's reason was about the value sent: a new value makes it stale.
        onValueChange={() => form.clearErrors('email')}
        id="create-user-email"
        label={tAdmin('createUser.emailLabel')}
        placeholder={tAdmin('createUser.emailPlaceholder')}
        errorTestId="create-user-email-error"
        autoComplete="off"
        type="email"
        autoFocus
        data-testid="create-user-email"
      />
      <BoundTextField
        control={form.control}
        name="username"
        onValueChange={() => form.clearErrors('username')}
        id="create-user-username"
        label={tAdmin('createUser.usernameLabel')}
        placeholder={tAdmin('createUser.usernamePlaceholder')}
        errorTestId="create-user-username-error"
        autoComplete="off"
        data-testid="create-user-username"
      />
      <div className="form-field admin-form__mode">
        <span id={modeLabelId} className="form-field__label">
          {tAdmin('createUser.modeLabel')}
        </span>
        <SelectButton
          value={modeField.value}
          options={MODE_OPTIONS}
          optionLabel="label"
          optionValue="value"
          allowEmpty={false}
          onChange={(event) => {
            modeField.onChange(event.value as AdminCreateUserMode);
            form.clearErrors(['password', 'confirm']);
          }}
          aria-labelledby={modeLabelId}
          className="admin-form__mode-buttons"
          data-testid="create-user-mode"
        />
      </div>
      {mode === 'password' ? (
        <>
          <BoundPasswordField
            control={form.control}
            name="password"
            onValueChange={() => form.clearErrors('password')}
            id="create-user-password"
            label={tAdmin('createUser.passwordLabel')}
            placeholder={tAdmin('createUser.passwordPlaceholder')}
            errorTestId="create-user-password-error"
            autoComplete="new-password"
            // The input library's strength meter, as in the change password dialog.
            feedback
            pt={{ root: { 'data-testid': 'create-user-password' } }}
          />
          <BoundPasswordField
            control={form.control}
            name="confirm"
            onValueChange={() => form.clearErrors('confirm')}
            id="create-user-confirm"
            label={tAdmin('createUser.confirmLabel')}
            errorTestId="create-user-confirm-error"
            autoComplete="new-password"
            pt={{ root: { 'data-testid': 'create-user-confirm' } }}
          />
        </>
      ) : (
        <p className="admin-form__hint" data-testid="create-user-invite-hint">
          <i className="pi pi-envelope" aria-hidden="true" /> {tAdmin('createUser.inviteHint')}
        </p>
      )}
      <FormActions
        cancelLabel={tAdmin('createUser.cancel')}
        submitLabel={tAdmin('createUser.submit')}
        isPending={mutation.isPending}
        isSubmitDisabled={!isFilled}
        onCancel={onClose}
        testId="create-user"
      />
    </form>
  );
}

/** Create user: persistent (no closing by Escape or a click beside it, which would lose what was typed). */
export function CreateUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog
      header={tAdmin('createUser.header')}
      visible={isOpen}
      onHide={onClose}
      modal
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      resizable={false}
      className="app-dialog admin-dialog"
      data-testid="create-user-dialog"
    >
      {isOpen && <CreateUserForm onClose={onClose} />}
    </Dialog>
  );
}
