import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminProject, type AdminProjectSortField } from '@waymark/contract';
import { readToastUnlessDetail } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { PROJECTS_QUERY_KEY } from '../../projects/hooks/useProjectList.ts';
import {
  type AdminListParams,
  deleteRemovedProject,
  fetchAdminProjects,
  renameAdminProject,
  restoreRemovedProject,
} from '../api/adminApi.ts';
import { ADMIN_QUERY_KEY } from './useAdminUsers.ts';
import { tAdmin } from '../../../i18n/admin.ts';
import { tProject } from '../../../i18n/project.ts';

export const ADMIN_PROJECTS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'projects'] as const;

/** One page of the live projects, or of those scheduled for deletion (`removed`). */
export function useAdminProjects(params: AdminListParams<AdminProjectSortField> & { removed: boolean }) {
  return useQuery({
    queryKey: [...ADMIN_PROJECTS_QUERY_KEY, params],
    queryFn: () => fetchAdminProjects(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: tAdmin('projects.fetchFailed') },
  });
}

/**
 * Restore and Delete now of a project scheduled for deletion. Both change the workspaces' figures and every
 * projects list, so all admin lists and the app's own project lists load again.
 */
export function useRemovedProjectActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
    ]);
  const restore = useMutation({
    mutationFn: (project: AdminProject) => restoreRemovedProject(project.id),
    meta: { errorMessage: tAdmin('projects.restoreFailed') },
    onSuccess: async (_answer, project) => {
      notify.success(tAdmin('projects.restored', { name: `${project.workspace}/${project.name}` }));
      await refresh();
    },
  });
  const deleteNow = useMutation({
    mutationFn: (project: AdminProject) => deleteRemovedProject(project.id),
    meta: { errorMessage: tAdmin('projects.deleteFailed') },
    onSuccess: async (_answer, project) => {
      notify.success(tAdmin('projects.deleted', { name: `${project.workspace}/${project.name}` }));
      await refresh();
    },
  });
  return { restore, deleteNow };
}

/** Renames a live project; a refusal with a reason is for the dialog to show under the name. */
export function useAdminRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, name }: { project: AdminProject; name: string }) =>
      renameAdminProject(project.id, name),
    meta: { readErrorMessage: readToastUnlessDetail(tProject('renameProject.failed')) },
    onSuccess: async (_answer, { project, name }) => {
      notify.success(tAdmin('projects.renamed', { path: `${project.workspace}/${name}` }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ]);
    },
  });
}
