import { zodResolver } from '@hookform/resolvers/zod';
import { type CloneProjectRequest, type ProjectDetail, type Workspace } from '@waymark/contract';
import { type CloneProjectFormValues, cloneProjectFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { showDetailUnder } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { BoundDropdownField } from '../../../ui/form/BoundDropdownField.tsx';
import { BoundNameField } from '../../../ui/form/BoundNameField.tsx';
import { useSession } from '../../session/hooks/useSession.ts';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';
import { useWorkspaces } from '../../workspaces/hooks/useWorkspaces.ts';
import { useCloneProject } from '../hooks/useCloneProject.ts';
import { getCloneTargets, pickInitialCloneTarget } from '../projectAbilities.ts';
import { tProject } from '../../../i18n/project.ts';

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
  initialWorkspaceName: string | undefined;
  onBusyChange: (isBusy: boolean) => void;
  onHide: () => void;
}

/** The dialog's form; it unmounts on close, so every opening starts from the project's own name. */
function CloneForm({ project, targets, initialWorkspaceName, onBusyChange, onHide }: CloneFormProps) {
  const workspaceId = useId();
  const clone = useCloneProject(project);
  const form = useForm<CloneProjectFormValues, unknown, Required<CloneProjectRequest>>({
    resolver: zodResolver(cloneProjectFormSchema),
    defaultValues: { project: project.name, namespace: initialWorkspaceName },
    reValidateMode: 'onSubmit',
  });
  const isFilled = useIsSchemaValid(form.control, cloneProjectFormSchema);
  // The server's reason was about the copy asked for: another name or workspace makes it stale.
  const clearServerError = () => form.clearErrors('project');

  const handleSubmit = form.handleSubmit((target) => {
    onBusyChange(true);
    clone.mutate(target, {
      onError: showDetailUnder(form.setError, 'project'),
      onSettled: () => onBusyChange(false),
    });
  });

  return (
    <form className="clone-dialog" onSubmit={handleSubmit} noValidate data-testid="clone-dialog-form">
      <p className="clone-dialog__intro">{tProject('cloneProject.intro')}</p>
      <BoundNameField
        control={form.control}
        name="project"
        onValueChange={clearServerError}
        label={tProject('cloneProject.nameLabel')}
        errorTestId="clone-dialog-error"
        data-testid="clone-dialog-name"
      />
      <BoundDropdownField
        control={form.control}
        name="namespace"
        onValueChange={clearServerError}
        id={workspaceId}
        label={tProject('cloneProject.workspaceLabel')}
        hasErrorLine={false}
        options={targets}
        optionLabel="name"
        optionValue="name"
        placeholder={tProject('cloneProject.workspacePlaceholder')}
        data-testid="clone-dialog-workspace"
      />
      <div className="dialog-actions">
        <Button
          type="button"
          label={tProject('cloneProject.cancel')}
          severity="secondary"
          text
          disabled={clone.isPending}
          onClick={onHide}
          data-testid="clone-dialog-cancel"
        />
        <Button
          type="submit"
          label={tProject('cloneProject.submit')}
          icon="pi pi-copy"
          disabled={!isFilled || clone.isPending}
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
  const initialTargetId = pickInitialCloneTarget(targets, currentWorkspace?.id);

  const handleHide = () => {
    if (isBusy) return;
    onHide();
  };

  return (
    <Dialog
      visible={isVisible}
      header={tProject('cloneProject.header')}
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
        initialWorkspaceName={targets.find((target) => target.id === initialTargetId)?.name}
        onBusyChange={setIsBusy}
        onHide={handleHide}
      />
    </Dialog>
  );
}
