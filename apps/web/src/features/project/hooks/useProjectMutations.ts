import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProjectDetail } from '@waymark/contract';
import { useNavigate } from 'react-router';
import { readToastUnlessDetail } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { DASHBOARD_PATH, PROJECTS_PATH, projectPath } from '../../../lib/paths.ts';
import {
  renameProject,
  requestProjectAccess,
  scheduleProjectDelete,
  unsubscribeFromProject,
  updateProjectPublicFlag,
} from '../api/projectApi.ts';
import { invalidateProjectLists } from '../projectListsCache.ts';
import { forgetCachedProject, updateCachedProject } from '../projectQueryKeys.ts';
import { tProject } from '../../../i18n/project.ts';

type ProjectRef = Pick<ProjectDetail, 'id' | 'namespace' | 'name'>;

/**
 * SPEC §4 "Public flag toggles on a successful patch": the shown state changes only once the server
 * agreed. Errors read as SPEC §7 says: the answer's detail, else 'Failed to update public flag'.
 */
export function useSetProjectPublic(project: ProjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) => updateProjectPublicFlag(project.id, isPublic),
    onSuccess: (_data, isPublic) => {
      updateCachedProject(queryClient, project, (current) => ({
        ...current,
        public: isPublic,
        access: { ...current.access, public: isPublic },
      }));
    },
    meta: { errorMessage: tProject('settings.publicFailed') },
  });
}

/** Schedules the deletion, then goes to "/" (SPEC §4) and says it is done there. */
export function useDeleteProject(project: ProjectRef) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => scheduleProjectDelete(project.id),
    onSuccess: async () => {
      notify.success(tProject('settings.deleted', { name: `${project.namespace}/${project.name}` }));
      await navigate('/');
      forgetCachedProject(queryClient, project);
      await invalidateProjectLists(queryClient);
    },
    meta: { errorMessage: tProject('settings.deleteFailed') },
  });
}

/**
 * Renames the project, then opens its settings at the new address; the old address's cache goes. A refusal with a
 * reason (a name rule, a taken name) is for the dialog to show under the name.
 */
export function useRenameProject(project: ProjectRef) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (name: string) => renameProject(project.id, name),
    meta: {
      successMessage: tProject('renameProject.renamed'),
      readErrorMessage: readToastUnlessDetail(tProject('renameProject.failed')),
    },
    onSuccess: async (_data, name) => {
      await navigate(`${projectPath(project.namespace, name)}/settings`, { replace: true });
      forgetCachedProject(queryClient, project);
      await invalidateProjectLists(queryClient);
    },
  });
}

/** A guest leaves a project shared with them, then goes to the dashboard (SPEC §4). */
export function useLeaveProject(project: ProjectRef) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => unsubscribeFromProject(project.id),
    onSuccess: async () => {
      await navigate(DASHBOARD_PATH);
      forgetCachedProject(queryClient, project);
      await invalidateProjectLists(queryClient);
    },
    meta: { errorMessage: tProject('leaveProject.failed') },
  });
}

/** Asks the owners for access; afterwards the user goes to the projects list (SPEC §4). */
export function useRequestProjectAccess(namespace: string, name: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => requestProjectAccess(namespace, name),
    meta: {
      errorMessage: tProject('access.requestFailed'),
      successMessage: tProject('access.requested'),
    },
    onSuccess: async () => {
      await navigate(PROJECTS_PATH);
      // Coming back to the project must show "You already requested access", not the request button.
      forgetCachedProject(queryClient, { namespace, name });
    },
  });
}
