import { type ProjectDetail } from '@waymark/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useConfig, useIsMaintenance } from '../../session/hooks/useInstance.ts';
import { useSession } from '../../session/hooks/useSession.ts';
import { useWorkspaces } from '../../workspaces/hooks/useWorkspaces.ts';
import { useDownloadProject } from '../hooks/useDownloadProject.ts';
import { useLeaveProject } from '../hooks/useProjectMutations.ts';
import { canLeaveProject, getCloneTargets, nonMemberWorkspaceRole } from '../projectAbilities.ts';
import { CloneProjectDialog } from './CloneProjectDialog.tsx';
import { tProject } from '../../../i18n/project.ts';

interface ProjectActionsProps {
  project: ProjectDetail;
}

type OpenDialog = 'clone' | 'leave' | null;

/** The project's buttons (SPEC §2): Download; Clone when the user may clone; Leave for guests. */
export function ProjectActions({ project }: ProjectActionsProps) {
  // Read-only maintenance: the server would refuse it.
  const isReadOnly = useIsMaintenance();
  const { isAuthenticated, isSuperuser, user } = useSession();
  const workspaces = useWorkspaces();
  const config = useConfig();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const download = useDownloadProject(project);
  const leave = useLeaveProject(project);

  const canClone = isAuthenticated && getCloneTargets(workspaces, isSuperuser).length > 0;
  const canLeave =
    isAuthenticated &&
    canLeaveProject(project, workspaces, user?.id, nonMemberWorkspaceRole(config, isSuperuser));
  const closeDialog = () => setOpenDialog(null);

  return (
    <div className="project-actions">
      <Button
        label={tProject('page.download')}
        icon="pi pi-download"
        outlined
        size="small"
        loading={download.isPending}
        onClick={() => download.mutate()}
        data-testid="project-download"
      />
      {canClone && (
        <Button
          label={tProject('page.clone')}
          icon="pi pi-copy"
          outlined
          size="small"
          onClick={() => setOpenDialog('clone')}
          disabled={isReadOnly}
          data-testid="project-clone"
        />
      )}
      {canLeave && (
        <Button
          label={tProject('page.leave')}
          icon="pi pi-sign-out"
          severity="danger"
          outlined
          size="small"
          onClick={() => setOpenDialog('leave')}
          disabled={isReadOnly}
          data-testid="project-leave"
        />
      )}
      {canClone && (
        <CloneProjectDialog isVisible={openDialog === 'clone'} project={project} onHide={closeDialog} />
      )}
      {canLeave && (
        <ConfirmDialog
          isVisible={openDialog === 'leave'}
          header={tProject('leaveProject.header')}
          message={tProject('leaveProject.message', { path: `${project.namespace}/${project.name}` })}
          confirmLabel={tProject('leaveProject.confirm')}
          isDanger
          isBusy={leave.isPending}
          testId="leave-project-dialog"
          onConfirm={() => leave.mutate(undefined, { onError: closeDialog })}
          onHide={closeDialog}
        />
      )}
    </div>
  );
}
