import { PROJECT_SETTINGS_TEXTS, type ProjectDetail } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useDeleteProject } from '../hooks/useProjectMutations.ts';

interface ProjectDeleteSettingProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name'>;
}

/**
 * SPEC §2/§5: deleting needs the exact project name typed in. The name stays reserved for the
 * retention period, which the texts say up front so nobody is surprised later.
 */
export function ProjectDeleteSetting({ project }: ProjectDeleteSettingProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const deletion = useDeleteProject(project);
  const close = () => setIsConfirming(false);

  return (
    <section
      className="card settings-card settings-card--danger"
      aria-labelledby="project-delete-title"
      data-testid="project-delete"
    >
      <header className="card__header">
        <h2 id="project-delete-title" className="card__title">
          {PROJECT_SETTINGS_TEXTS.dangerZone}
        </h2>
      </header>
      <div className="setting-row">
        <span className="setting-row__icon setting-row__icon--danger" aria-hidden="true">
          <i className="pi pi-trash" />
        </span>
        <div className="setting-row__text">
          <p className="setting-row__title">{PROJECT_SETTINGS_TEXTS.deleteTitle}</p>
          <p className="setting-row__description">{PROJECT_SETTINGS_TEXTS.deleteDescription}</p>
        </div>
        <Button
          label={PROJECT_SETTINGS_TEXTS.deleteButton}
          icon="pi pi-trash"
          severity="danger"
          outlined
          size="small"
          onClick={() => setIsConfirming(true)}
          className="setting-row__action"
          data-testid="project-delete-button"
        />
      </div>
      <ConfirmDialog
        isVisible={isConfirming}
        header={PROJECT_SETTINGS_TEXTS.deleteConfirmHeader}
        message={
          <>
            <p>{PROJECT_SETTINGS_TEXTS.deleteConfirmMessage(project.name)}</p>
            <p className="confirm-dialog__note">{PROJECT_SETTINGS_TEXTS.deleteConfirmRetention}</p>
          </>
        }
        confirmField={{ label: PROJECT_SETTINGS_TEXTS.deleteConfirmField, expected: project.name }}
        confirmLabel={PROJECT_SETTINGS_TEXTS.deleteConfirm}
        isDanger
        isBusy={deletion.isPending}
        testId="project-delete-dialog"
        onConfirm={() => deletion.mutate(undefined, { onError: close })}
        onHide={close}
      />
    </section>
  );
}
