import { zodResolver } from '@hookform/resolvers/zod';
import { type ProjectDetail, type RenameProjectRequest } from '@waymark/contract';
import { type RenameProjectFormValues, renameProjectFormSchema } from '../../../lib/forms/formSchemas.ts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showDetailUnder } from '../../../lib/forms/serverFormErrors.ts';
import { useIsSchemaValid } from '../../../lib/forms/useIsSchemaValid.ts';
import { BoundNameField } from '../../../ui/form/BoundNameField.tsx';
import { SettingRow } from '../../../ui/SettingRow.tsx';
import { SettingsCard } from '../../../ui/SettingsCard.tsx';
import { useRenameProject } from '../hooks/useProjectMutations.ts';
import './renameDialog.css';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tProject } from '../../../i18n/project.ts';

type ProjectRef = Pick<ProjectDetail, 'id' | 'namespace' | 'name'>;

interface RenameProjectDialogProps {
  isVisible: boolean;
  /** The current name, where the field starts. */
  name: string;
  isPending: boolean;
  /** Sends the new name; `onRefused` gets the error of a refusal, whose reason shows under the field. */
  onSubmit: (name: string, onRefused: (error: unknown) => void) => void;
  onHide: () => void;
}

/** The rename form: the current name to start from; the name rules are checked as the user types. */
function RenameForm({ name, isPending, onSubmit, onHide }: Omit<RenameProjectDialogProps, 'isVisible'>) {
  const form = useForm<RenameProjectFormValues, unknown, RenameProjectRequest>({
    resolver: zodResolver(renameProjectFormSchema),
    defaultValues: { name },
    mode: 'onChange',
  });
  const isValid = useIsSchemaValid(form.control, renameProjectFormSchema);
  const handleSubmit = form.handleSubmit((values) => {
    onSubmit(values.name, showDetailUnder(form.setError, 'name'));
  });
  return (
    <form className="rename-dialog" onSubmit={handleSubmit} noValidate data-testid="rename-dialog-form">
      <BoundNameField
        control={form.control}
        name="name"
        label={tProject('renameProject.nameLabel')}
        errorTestId="rename-dialog-error"
        data-testid="rename-dialog-name"
      />
      <div className="dialog-actions">
        <Button
          type="button"
          label={tProject('renameProject.cancel')}
          severity="secondary"
          text
          disabled={isPending}
          onClick={onHide}
          data-testid="rename-dialog-cancel"
        />
        <Button
          type="submit"
          label={tProject('renameProject.submit')}
          icon="pi pi-pencil"
          disabled={!isValid || isPending}
          loading={isPending}
          data-testid="rename-dialog-submit"
        />
      </div>
    </form>
  );
}

/** The dialog that renames a project (the Settings tab and the admin panel); the form starts afresh each time. */
export function RenameProjectDialog({ isVisible, onHide, ...form }: RenameProjectDialogProps) {
  return (
    <Dialog
      visible={isVisible}
      header={tProject('renameProject.header')}
      onHide={onHide}
      modal
      draggable={false}
      resizable={false}
      className="app-dialog"
      style={{ width: 'min(480px, calc(100vw - 2rem))' }}
      data-testid="rename-dialog"
    >
      {isVisible && <RenameForm {...form} onHide={onHide} />}
    </Dialog>
  );
}

/** Settings tab: the project's name and the dialog that renames it (PATCH /v2/projects/{id}). */
export function ProjectRenameSetting({ project }: { project: ProjectRef }) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const [isRenaming, setIsRenaming] = useState(false);
  const rename = useRenameProject(project);
  const close = () => setIsRenaming(false);
  return (
    <SettingsCard
      titleId="project-rename-title"
      title={tProject('renameProject.cardTitle')}
      testId="project-rename"
    >
      <SettingRow
        icon="pi pi-pencil"
        title={tProject('renameProject.rowTitle', { name: project.name })}
        titleTestId="project-rename-state"
        description={tProject('renameProject.rowDescription')}
        action={{
          label: tProject('renameProject.button'),
          icon: 'pi pi-pencil',
          onClick: () => setIsRenaming(true),
          testId: 'project-rename-button',
          isDisabled: isReadOnly,
        }}
      />
      <RenameProjectDialog
        isVisible={isRenaming}
        name={project.name}
        isPending={rename.isPending}
        onSubmit={(name, onRefused) => rename.mutate(name, { onError: onRefused })}
        onHide={close}
      />
    </SettingsCard>
  );
}
