import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProjectDetail, RESTORE_VERSION_TEXTS } from '@waymark/contract';
import { invalidateProjectLists } from '../../project/projectListsCache.ts';
import { projectQueryPrefix } from '../../project/projectQueryKeys.ts';
import { fetchProjectAtVersion, restoreProjectVersion } from '../api/versionsApi.ts';
import { projectVersionsPrefix } from '../versionQueryKeys.ts';

type ProjectRef = Pick<ProjectDetail, 'id' | 'namespace' | 'name'>;

/** The files of a past version, loaded while the restore dialog is open (a version's files never change). */
export function useFilesAtVersion(project: ProjectRef, version: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...projectVersionsPrefix(project.namespace, project.name), 'files', version] as const,
    queryFn: async () => (await fetchProjectAtVersion(project.namespace, project.name, version)).files,
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

/**
 * 'Restore this version': the server makes a new version with the files of `version`. The project (its files
 * and version), its history and the project lists refresh; `onRestored` gets the new version's name.
 */
export function useRestoreVersion(
  project: ProjectRef,
  { onRestored }: { onRestored: (name: string) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => restoreProjectVersion(project.id, version),
    onSuccess: async (created) => {
      onRestored(created.name);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueryPrefix(project.namespace, project.name) }),
        queryClient.invalidateQueries({ queryKey: projectVersionsPrefix(project.namespace, project.name) }),
        invalidateProjectLists(queryClient),
      ]);
    },
    meta: { errorMessage: RESTORE_VERSION_TEXTS.failed },
  });
}
