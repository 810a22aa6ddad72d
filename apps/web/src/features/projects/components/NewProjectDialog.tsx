import { NEW_PROJECT_TEXTS, PROJECTS_TOAST_TEXTS } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api/apiErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { projectPath } from '../../../lib/paths.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { useCreateProject } from '../hooks/useCreateProject.ts';

/** Where the server's reason ends up: under the field, or (without one) in a toast. */
function readServerDetail(error: unknown): string | undefined {
  const message = getErrorMessage(error, PROJECTS_TOAST_TEXTS.createProject);
  return message === PROJECTS_TOAST_TEXTS.createProject ? undefined : message;
}

interface NewProjectFormProps {
  namespace: string;
  onClose: () => void;
}

/** The dialog's content; it mounts afresh on every opening, so no name or error lingers. */
function NewProjectForm({ namespace, onClose }: NewProjectFormProps) {
  const navigate = useNavigate();
  const mutation = useCreateProject();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const trimmedName = name.trim();
  const canSubmit = trimmedName !== '' && !mutation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFieldError(undefined);
    mutation.mutate(
      { namespace, name: trimmedName },
      {
        onSuccess: () => {
          onClose();
          void navigate(projectPath(namespace, trimmedName));
        },
        onError: (error) => {
          const detail = readServerDetail(error);
          if (detail) setFieldError(detail);
          else notify.error(PROJECTS_TOAST_TEXTS.createProject);
        },
      },
    );
  };

  return (
    <form className="new-project-form" onSubmit={handleSubmit} noValidate data-testid="new-project-form">
      <TextField
        id="new-project-name"
        label={NEW_PROJECT_TEXTS.nameLabel}
        error={fieldError}
        errorTestId="new-project-name-error"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setFieldError(undefined);
        }}
        placeholder={NEW_PROJECT_TEXTS.namePlaceholder}
        autoFocus
        autoComplete="off"
        data-testid="new-project-name"
      />
      <div className="new-project-form__actions">
        <Button
          type="button"
          label={NEW_PROJECT_TEXTS.cancel}
          severity="secondary"
          outlined
          onClick={onClose}
          disabled={mutation.isPending}
          data-testid="new-project-cancel"
        />
        <Button
          type="submit"
          label={NEW_PROJECT_TEXTS.submit}
          disabled={!canSubmit}
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
      header={NEW_PROJECT_TEXTS.header}
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
