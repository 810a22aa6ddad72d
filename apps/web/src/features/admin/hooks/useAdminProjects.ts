import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PROJECTS_TEXTS, type AdminProject, type AdminProjectSortField } from '@waymark/contract';
import { notify } from '../../../lib/notifications.ts';
import { PROJECTS_QUERY_KEY } from '../../projects/hooks/useProjectList.ts';
import {
  type AdminListParams,
  deleteRemovedProject,
  fetchAdminProjects,
  restoreRemovedProject,
} from '../api/adminApi.ts';
import { ADMIN_QUERY_KEY } from './useAdminUsers.ts';

export const ADMIN_PROJECTS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'projects'] as const;

/** One page of the live projects, or of those scheduled for deletion (`removed`). */
export function useAdminProjects(params: AdminListParams<AdminProjectSortField> & { removed: boolean }) {
  return useQuery({
    queryKey: [...ADMIN_PROJECTS_QUERY_KEY, params],
    queryFn: () => fetchAdminProjects(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: ADMIN_PROJECTS_TEXTS.fetchFailed },
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
    meta: { errorMessage: ADMIN_PROJECTS_TEXTS.restoreFailed },
    onSuccess: async (_answer, project) => {
      notify.success(ADMIN_PROJECTS_TEXTS.restored(`${project.workspace}/${project.name}`));
      await refresh();
    },
  });
  const deleteNow = useMutation({
    mutationFn: (project: AdminProject) => deleteRemovedProject(project.id),
    meta: { errorMessage: ADMIN_PROJECTS_TEXTS.deleteFailed },
    onSuccess: async (_answer, project) => {
      notify.success(ADMIN_PROJECTS_TEXTS.deleted(`${project.workspace}/${project.name}`));
      await refresh();
    },
  });
  return { restore, deleteNow };
}
