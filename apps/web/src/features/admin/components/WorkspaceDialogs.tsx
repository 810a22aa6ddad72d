import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminWorkspace, DEFAULT_WORKSPACE_STORAGE } from '@waymark/contract';
import {
  type AdminCreateWorkspaceFormValues,
  type AdminQuotaFormValues,
  adminCreateWorkspaceFormSchema,
  adminQuotaFormSchema,
} from '../adminFormSchemas.ts';
import { Dialog } from 'primereact/dialog';
import { useForm, useWatch } from 'react-hook-form';
import { formatByteSize } from '../../../lib/format/byteSize.ts';
import { setServerFormError } from '../../../lib/forms/serverFormErrors.ts';
import { BoundTextField } from '../../../ui/form/BoundTextField.tsx';
import { FormActions } from '../../../ui/form/FormActions.tsx';
import { quotaFromBytes, quotaToBytes, resolveWorkspaceFormError } from '../adminRules.ts';

/** A quota in bytes as the form's starting values. */
function quotaFormValues(bytes: number) {
  const { value, unit } = quotaFromBytes(bytes);
  return { quota: String(value), unit };
}
import { useCreateAdminWorkspace, useUpdateWorkspaceQuota } from '../hooks/useAdminWorkspaces.ts';
import { QuotaField } from './QuotaField.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

const FORM_FIELDS = ['name', 'quota'] as const;

/** A dialog about one workspace; the workspace stays set while the dialog fades out. */
export interface WorkspaceDialogProps {
  workspace: AdminWorkspace | null;
  isOpen: boolean;
  onClose: () => void;
}

function CreateWorkspaceForm({ onClose }: { onClose: () => void }) {
  const mutation = useCreateAdminWorkspace();
  const form = useForm<AdminCreateWorkspaceFormValues>({
    resolver: zodResolver(adminCreateWorkspaceFormSchema),
    defaultValues: { name: '', ...quotaFormValues(DEFAULT_WORKSPACE_STORAGE) },
    reValidateMode: 'onSubmit',
  });
  // Create is enabled once a name and a quota are there; their rules answer under the fields on submit.
  const [name, quota] = useWatch({ control: form.control, name: ['name', 'quota'] });
  const isFilled = name.trim() !== '' && quota.trim() !== '';

  const handleSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { name: values.name, storage: quotaToBytes(values.quota, values.unit) },
      {
        onSuccess: onClose,
        onError: (error) =>
          setServerFormError(
            form.setError,
            resolveWorkspaceFormError(error, tAdmin('workspaces.createFailed')),
            FORM_FIELDS,
          ),
      },
    ),
  );

  return (
    <form className="admin-form" onSubmit={handleSubmit} noValidate data-testid="create-workspace-form">
      <BoundTextField
        control={form.control}
        name="name"
        onValueChange={() => form.clearErrors('name')}
        id="create-workspace-name"
        label={tAdmin('workspaces.nameLabel')}
        placeholder={tAdmin('workspaces.namePlaceholder')}
        errorTestId="create-workspace-name-error"
        autoComplete="off"
        autoFocus
        data-testid="create-workspace-name"
      />
      <QuotaField
        control={form.control}
        id="create-workspace-quota"
        onValueChange={() => form.clearErrors('quota')}
      />
      <FormActions
        cancelLabel={tAdmin('workspaces.cancel')}
        submitLabel={tAdmin('workspaces.create')}
        isPending={mutation.isPending}
        isSubmitDisabled={!isFilled}
        onCancel={onClose}
        testId="create-workspace"
      />
    </form>
  );
}

/** Create workspace: name and storage quota; persistent, as the other forms. */
export function CreateWorkspaceDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog
      header={tAdmin('workspaces.createHeader')}
      visible={isOpen}
      onHide={onClose}
      modal
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      resizable={false}
      className="app-dialog admin-dialog"
      data-testid="create-workspace-dialog"
    >
      {isOpen && <CreateWorkspaceForm onClose={onClose} />}
    </Dialog>
  );
}

function QuotaForm({ workspace, onClose }: { workspace: AdminWorkspace; onClose: () => void }) {
  const mutation = useUpdateWorkspaceQuota();
  const form = useForm<AdminQuotaFormValues>({
    resolver: zodResolver(adminQuotaFormSchema),
    defaultValues: quotaFormValues(workspace.storage),
    reValidateMode: 'onSubmit',
  });
  const quota = useWatch({ control: form.control, name: 'quota' });
  const isFilled = quota.trim() !== '';
  const handleSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { workspace, storage: quotaToBytes(values.quota, values.unit) },
      {
        onSuccess: onClose,
        onError: (error) =>
          setServerFormError(
            form.setError,
            resolveWorkspaceFormError(error, tAdmin('workspaces.quotaFailed')),
            ['quota'],
          ),
      },
    ),
  );
  return (
    <form className="admin-form" onSubmit={handleSubmit} noValidate data-testid="quota-form">
      <p className="admin-form__hint">
        {tAdmin('workspaces.quotaUsed', { used: formatByteSize(workspace.disk_usage) })}
      </p>
      <QuotaField
        control={form.control}
        id="workspace-quota"
        onValueChange={() => form.clearErrors('quota')}
        autoFocus
      />
      <FormActions
        cancelLabel={tAdmin('workspaces.cancel')}
        submitLabel={tAdmin('workspaces.save')}
        isPending={mutation.isPending}
        isSubmitDisabled={!isFilled}
        onCancel={onClose}
        testId="quota"
      />
    </form>
  );
}

/** Change quota of one workspace, starting from the quota it has. */
export function QuotaDialog({ workspace, isOpen, onClose }: WorkspaceDialogProps) {
  return (
    <Dialog
      header={workspace ? tAdmin('workspaces.quotaHeader', { name: workspace.name }) : ''}
      visible={isOpen && workspace !== null}
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="app-dialog admin-dialog"
      data-testid="quota-dialog"
    >
      {isOpen && workspace && <QuotaForm workspace={workspace} onClose={onClose} />}
    </Dialog>
  );
}
