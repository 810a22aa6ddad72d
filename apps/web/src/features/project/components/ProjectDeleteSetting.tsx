import {
  DELETED_PROJECT_RETENTION_DAYS,
  PROJECT_SETTINGS_TEXTS,
  type ProjectDetail,
} from '@waymark/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SettingRow } from '../../../ui/SettingRow.tsx';
import { SettingsCard } from '../../../ui/SettingsCard.tsx';
import { useConfig, useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { useDeleteProject } from '../hooks/useProjectMutations.ts';

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
      title={PROJECT_SETTINGS_TEXTS.dangerZone}
      isDanger
      testId="project-delete"
    >
      <SettingRow
        icon="pi pi-trash"
        iconTone="danger"
        title={PROJECT_SETTINGS_TEXTS.deleteTitle}
        description={PROJECT_SETTINGS_TEXTS.deleteDescription(retentionDays)}
        action={{
          label: PROJECT_SETTINGS_TEXTS.deleteButton,
          icon: 'pi pi-trash',
          severity: 'danger',
          onClick: () => setIsConfirming(true),
          testId: 'project-delete-button',
          isDisabled: isReadOnly,
        }}
      />
      <ConfirmDialog
        isVisible={isConfirming}
        header={PROJECT_SETTINGS_TEXTS.deleteConfirmHeader}
        message={
          <>
            <p>{PROJECT_SETTINGS_TEXTS.deleteConfirmMessage(project.name)}</p>
            <p className="confirm-dialog__note">
              {PROJECT_SETTINGS_TEXTS.deleteConfirmRetention(retentionDays)}
            </p>
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
    </SettingsCard>
  );
}
