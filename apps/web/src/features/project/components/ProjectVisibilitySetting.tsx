import { PROJECT_SETTINGS_TEXTS, type ProjectDetail } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useSetProjectPublic } from '../hooks/useProjectMutations.ts';

interface ProjectVisibilitySettingProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name' | 'public'>;
}

/** SPEC §2 Settings: make the project public or private, after a confirmation. */
export function ProjectVisibilitySetting({ project }: ProjectVisibilitySettingProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  // The state asked for, kept after closing so the dialog's text does not flip while it fades out.
  const [target, setTarget] = useState(!project.public);
  const setPublic = useSetProjectPublic(project);
  const isPublic = project.public;
  const close = () => setIsConfirming(false);
  const handleToggle = () => {
    setTarget(!isPublic);
    setIsConfirming(true);
  };

  return (
    <section
      className="card settings-card"
      aria-labelledby="project-visibility-title"
      data-testid="project-visibility"
    >
      <header className="card__header">
        <h2 id="project-visibility-title" className="card__title">
          {PROJECT_SETTINGS_TEXTS.visibilityTitle}
        </h2>
      </header>
      <div className="setting-row">
        <span
          className={isPublic ? 'setting-row__icon setting-row__icon--public' : 'setting-row__icon'}
          aria-hidden="true"
        >
          <i className={isPublic ? 'pi pi-globe' : 'pi pi-lock'} />
        </span>
        <div className="setting-row__text">
          <p className="setting-row__title" data-testid="project-visibility-state">
            {isPublic ? PROJECT_SETTINGS_TEXTS.publicState : PROJECT_SETTINGS_TEXTS.privateState}
          </p>
          <p className="setting-row__description">
            {isPublic ? PROJECT_SETTINGS_TEXTS.publicDescription : PROJECT_SETTINGS_TEXTS.privateDescription}
          </p>
        </div>
        <Button
          label={isPublic ? PROJECT_SETTINGS_TEXTS.makePrivate : PROJECT_SETTINGS_TEXTS.makePublic}
          icon={isPublic ? 'pi pi-lock' : 'pi pi-globe'}
          outlined
          size="small"
          onClick={handleToggle}
          className="setting-row__action"
          data-testid="project-visibility-toggle"
        />
      </div>
      <ConfirmDialog
        isVisible={isConfirming}
        message={target ? PROJECT_SETTINGS_TEXTS.confirmPublic : PROJECT_SETTINGS_TEXTS.confirmPrivate}
        confirmLabel={PROJECT_SETTINGS_TEXTS.confirmYes}
        isBusy={setPublic.isPending}
        testId="project-visibility-dialog"
        onConfirm={() => setPublic.mutate(target, { onSettled: close })}
        onHide={close}
      />
    </section>
  );
}
