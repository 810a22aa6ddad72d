import { type ProjectDetail } from '@waymark/contract';
import { DELETED_PROJECT_RETENTION_DAYS } from '../../../lib/constants.ts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SettingRow } from '../../../ui/SettingRow.tsx';
import { SettingsCard } from '../../../ui/SettingsCard.tsx';
import { useConfig, useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { useDeleteProject } from '../hooks/useProjectMutations.ts';
import { tProject } from '../../../i18n/project.ts';

interface ProjectDeleteSettingProps {
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name'>;
}

/**
 * SPEC §2/§5: deleting needs the exact project name typed in. The name stays reserved for the
 * retention period, which the texts say up front so nobody is surprised later.
 */
export function ProjectDeleteSetting({ project }: ProjectDeleteSettingProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const [isConfirming, setIsConfirming] = useState(false);
  const deletion = useDeleteProject(project);
  const close = () => setIsConfirming(false);
  const retentionDays = useConfig()?.deleted_project_expiration_days ?? DELETED_PROJECT_RETENTION_DAYS;

  return (
    <SettingsCard
      titleId="project-delete-title"
      title={tProject('settings.dangerZone')}
      isDanger
      testId="project-delete"
    >
      <SettingRow
        icon="pi pi-trash"
        iconTone="danger"
        title={tProject('settings.deleteTitle')}
        description={tProject('settings.deleteDescription', { days: retentionDays })}
        action={{
          label: tProject('settings.deleteButton'),
          icon: 'pi pi-trash',
          severity: 'danger',
          onClick: () => setIsConfirming(true),
          testId: 'project-delete-button',
          isDisabled: isReadOnly,
        }}
      />
      <ConfirmDialog
        isVisible={isConfirming}
        header={tProject('settings.deleteConfirmHeader')}
        message={
          <>
            <p>{tProject('settings.deleteConfirmMessage', { name: project.name })}</p>
            <p className="confirm-dialog__note">
              {tProject('settings.deleteConfirmRetention', { days: retentionDays })}
            </p>
          </>
        }
        confirmField={{ label: tProject('settings.deleteConfirmField'), expected: project.name }}
        confirmLabel={tProject('settings.deleteConfirm')}
        isDanger
        isBusy={deletion.isPending}
        testId="project-delete-dialog"
        onConfirm={() => deletion.mutate(undefined, { onError: close })}
        onHide={close}
      />
    </SettingsCard>
  );
}
