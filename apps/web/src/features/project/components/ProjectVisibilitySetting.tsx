import { PROJECT_SETTINGS_TEXTS, type ProjectDetail } from '@waymark/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SettingRow } from '../../../ui/SettingRow.tsx';
import { SettingsCard } from '../../../ui/SettingsCard.tsx';
import { useSetProjectPublic } from '../hooks/useProjectMutations.ts';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';

interface ProjectVisibilitySettingProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name' | 'public'>;
}

/** SPEC §2 Settings: make the project public or private, after a confirmation. */
export function ProjectVisibilitySetting({ project }: ProjectVisibilitySettingProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
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
    <SettingsCard
      titleId="project-visibility-title"
      title={PROJECT_SETTINGS_TEXTS.visibilityTitle}
      testId="project-visibility"
    >
      <SettingRow
        icon={isPublic ? 'pi pi-globe' : 'pi pi-lock'}
        iconTone={isPublic ? 'public' : undefined}
        title={isPublic ? PROJECT_SETTINGS_TEXTS.publicState : PROJECT_SETTINGS_TEXTS.privateState}
        titleTestId="project-visibility-state"
        description={
          isPublic ? PROJECT_SETTINGS_TEXTS.publicDescription : PROJECT_SETTINGS_TEXTS.privateDescription
        }
        action={{
          label: isPublic ? PROJECT_SETTINGS_TEXTS.makePrivate : PROJECT_SETTINGS_TEXTS.makePublic,
          icon: isPublic ? 'pi pi-lock' : 'pi pi-globe',
          onClick: handleToggle,
          testId: 'project-visibility-toggle',
          isDisabled: isReadOnly,
        }}
      />
      <ConfirmDialog
        isVisible={isConfirming}
        header={
          target ? PROJECT_SETTINGS_TEXTS.confirmPublicHeader : PROJECT_SETTINGS_TEXTS.confirmPrivateHeader
        }
        message={target ? PROJECT_SETTINGS_TEXTS.confirmPublic : PROJECT_SETTINGS_TEXTS.confirmPrivate}
        confirmLabel={target ? PROJECT_SETTINGS_TEXTS.makePublic : PROJECT_SETTINGS_TEXTS.makePrivate}
        isBusy={setPublic.isPending}
        testId="project-visibility-dialog"
        onConfirm={() => setPublic.mutate(target, { onSettled: close })}
        onHide={close}
      />
    </SettingsCard>
  );
}
