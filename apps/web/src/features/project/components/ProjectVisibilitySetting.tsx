import { type ProjectDetail } from '@waymark/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SettingRow } from '../../../ui/SettingRow.tsx';
import { SettingsCard } from '../../../ui/SettingsCard.tsx';
import { useSetProjectPublic } from '../hooks/useProjectMutations.ts';
import { useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { tProject } from '../../../i18n/project.ts';

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
      title={tProject('settings.visibilityTitle')}
      testId="project-visibility"
    >
      <SettingRow
        icon={isPublic ? 'pi pi-globe' : 'pi pi-lock'}
        iconTone={isPublic ? 'public' : undefined}
        title={isPublic ? tProject('settings.publicState') : tProject('settings.privateState')}
        titleTestId="project-visibility-state"
        description={
          isPublic ? tProject('settings.publicDescription') : tProject('settings.privateDescription')
        }
        action={{
          label: isPublic ? tProject('settings.makePrivate') : tProject('settings.makePublic'),
          icon: isPublic ? 'pi pi-lock' : 'pi pi-globe',
          onClick: handleToggle,
          testId: 'project-visibility-toggle',
          isDisabled: isReadOnly,
        }}
      />
      <ConfirmDialog
        isVisible={isConfirming}
        header={target ? tProject('settings.confirmPublicHeader') : tProject('settings.confirmPrivateHeader')}
        message={target ? tProject('settings.confirmPublic') : tProject('settings.confirmPrivate')}
        confirmLabel={target ? tProject('settings.makePublic') : tProject('settings.makePrivate')}
        isBusy={setPublic.isPending}
        testId="project-visibility-dialog"
        onConfirm={() => setPublic.mutate(target, { onSettled: close })}
        onHide={close}
      />
    </SettingsCard>
  );
}
