import { CLONE_PROJECT_TEXTS, type ProjectDetail, type Workspace } from '@waymark/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '../../../ui/FormField.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useSession } from '../../session/hooks/useSession.ts';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';
import { useWorkspaces } from '../../workspaces/hooks/useWorkspaces.ts';
import { useCloneProject } from '../hooks/useCloneProject.ts';
import { getCloneTargets, pickInitialCloneTarget } from '../projectAbilities.ts';

/** SPEC §9: the clone dialog is 580 px wide. */
const DIALOG_WIDTH = 'min(580px, calc(100vw - 2rem))';

interface CloneProjectDialogProps {
  isVisible: boolean;
  project: Pick<ProjectDetail, 'namespace' | 'name'>;
  onHide: () => void;
}

interface CloneFormProps {
  project: Pick<ProjectDetail, 'namespace' | 'name'>;
  targets: Workspace[];
  initialWorkspaceId: number | undefined;
  onBusyChange: (isBusy: boolean) => void;
  onHide: () => void;
}

/** The dialog's form; it unmounts on close, so every opening starts from the project's own name. */
function CloneForm({ project, targets, initialWorkspaceId, onBusyChange, onHide }: CloneFormProps) {
  const nameId = useId();
  const workspaceId = useId();
  const [name, setName] = useState(project.name);
  const [selectedId, setSelectedId] = useState(initialWorkspaceId);
  const clone = useCloneProject(project);

  const trimmedName = name.trim();
  const workspace = targets.find((target) => target.id === selectedId);
  const canClone = trimmedName !== '' && workspace !== undefined && !clone.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canClone) return;
    onBusyChange(true);
    clone.mutate(
      { name: trimmedName, workspaceName: workspace.name },
      { onSettled: () => onBusyChange(false) },
    );
  };

  return (
    <form className="clone-dialog" onSubmit={handleSubmit} noValidate data-testid="clone-dialog-form">
      <p className="clone-dialog__intro">{CLONE_PROJECT_TEXTS.intro}</p>
      <TextField
        id={nameId}
        label={CLONE_PROJECT_TEXTS.nameLabel}
        error={clone.fieldError}
        errorTestId="clone-dialog-error"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clone.clearFieldError();
        }}
        autoFocus
        autoComplete="off"
        data-testid="clone-dialog-name"
      />
      <FormField id={workspaceId} label={CLONE_PROJECT_TEXTS.workspaceLabel} hasErrorLine={false}>
        {({ id }) => (
          <Dropdown
            inputId={id}
            value={selectedId}
            options={targets}
            optionLabel="name"
            optionValue="id"
            placeholder={CLONE_PROJECT_TEXTS.workspacePlaceholder}
            onChange={(event) => {
              setSelectedId(typeof event.value === 'number' ? event.value : undefined);
              clone.clearFieldError();
            }}
            className="form-field__input"
            data-testid="clone-dialog-workspace"
          />
        )}
      </FormField>
      <div className="dialog-actions">
        <Button
          type="button"
          label={CLONE_PROJECT_TEXTS.cancel}
          severity="secondary"
          text
          disabled={clone.isPending}
          onClick={onHide}
          data-testid="clone-dialog-cancel"
        />
        <Button
          type="submit"
          label={CLONE_PROJECT_TEXTS.submit}
          icon="pi pi-copy"
          disabled={!canClone}
          loading={clone.isPending}
          data-testid="clone-dialog-submit"
        />
      </div>
    </form>
  );
}

/**
 * SPEC §2 "Clone project": persistent — neither Escape nor a click beside it closes it, only Cancel, the
 * close control or a successful clone — 580 px wide, the name prefilled and a choice of the workspaces
 * the user may create projects in.
 */
export function CloneProjectDialog({ isVisible, project, onHide }: CloneProjectDialogProps) {
  const { isSuperuser } = useSession();
  const workspaces = useWorkspaces();
  const currentWorkspace = useCurrentWorkspace();
  const [isBusy, setIsBusy] = useState(false);
  const targets = getCloneTargets(workspaces, isSuperuser);

  const handleHide = () => {
    if (isBusy) return;
    onHide();
  };

  return (
    <Dialog
      visible={isVisible}
      header={CLONE_PROJECT_TEXTS.header}
      onHide={handleHide}
      modal
      dismissableMask={false}
      draggable={false}
      resizable={false}
      closable={!isBusy}
      closeOnEscape={false}
      className="app-dialog"
      style={{ width: DIALOG_WIDTH }}
      data-testid="clone-dialog"
    >
      <CloneForm
        project={project}
        targets={targets}
        initialWorkspaceId={pickInitialCloneTarget(targets, currentWorkspace?.id)}
        onBusyChange={setIsBusy}
        onHide={handleHide}
      />
    </Dialog>
  );
}
