import { zodResolver } from '@hookform/resolvers/zod';
import { type NewProjectFormValues, newProjectFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { showDetailUnder } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { projectPath } from '../../../lib/paths.ts';
import { BoundNameField } from '../../../ui/form/BoundNameField.tsx';
import { useCreateProject } from '../hooks/useCreateProject.ts';
import { tProjects } from '../../../i18n/projects.ts';

interface NewProjectFormProps {
  namespace: string;
  onClose: () => void;
}

/** The dialog's content; it mounts afresh on every opening, so no name or error lingers. */
function NewProjectForm({ namespace, onClose }: NewProjectFormProps) {
  const navigate = useNavigate();
  const mutation = useCreateProject();
  const form = useForm<NewProjectFormValues, unknown, { name: string }>({
    resolver: zodResolver(newProjectFormSchema),
    defaultValues: { name: '' },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, newProjectFormSchema);

  const handleSubmit = form.handleSubmit(({ name }) =>
    mutation.mutate(
      { namespace, name },
      {
        onSuccess: () => {
          onClose();
          void navigate(projectPath(namespace, name));
        },
        // SPEC §5: the server's reason shows under the field; without one the hook toasts.
        onError: showDetailUnder(form.setError, 'name'),
      },
    ),
  );

  return (
    <form className="new-project-form" onSubmit={handleSubmit} noValidate data-testid="new-project-form">
      <BoundNameField
        control={form.control}
        name="name"
        // The server's reason was about the name sent: a new name makes it stale.
        onValueChange={() => form.clearErrors('name')}
        id="new-project-name"
        label={tProjects('newProject.nameLabel')}
        errorTestId="new-project-name-error"
        placeholder={tProjects('newProject.namePlaceholder')}
        data-testid="new-project-name"
      />
      <div className="new-project-form__actions">
        <Button
          type="button"
          label={tProjects('newProject.cancel')}
          severity="secondary"
          outlined
          onClick={onClose}
          disabled={mutation.isPending}
          data-testid="new-project-cancel"
        />
        <Button
          type="submit"
          label={tProjects('newProject.submit')}
          disabled={!isFilled || mutation.isPending}
          loading={mutation.isPending}
          data-testid="new-project-submit"
        />
      </div>
    </form>
  );
}

interface NewProjectDialogProps {
  isOpen: boolean;
  /** The workspace the project is created in (the current one). */
  namespace: string;
  onClose: () => void;
}

/**
 * SPEC §2 "New project": a persistent modal — a click beside it or Escape does not throw away what was
 * typed; Cancel does.
 */
export function NewProjectDialog({ isOpen, namespace, onClose }: NewProjectDialogProps) {
  return (
    <Dialog
      header={tProjects('newProject.header')}
      visible={isOpen}
      onHide={onClose}
      modal
      closable={false}
      closeOnEscape={false}
      dismissableMask={false}
      draggable={false}
      resizable={false}
      className="new-project-dialog"
      data-testid="new-project-dialog"
    >
      <NewProjectForm namespace={namespace} onClose={onClose} />
    </Dialog>
  );
}
