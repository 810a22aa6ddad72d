import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProjectDetail, type ProjectVersionDetail } from '@waymark/contract';
import { invalidateProjectLists } from '../../project/projectListsCache.ts';
import { projectQueryPrefix } from '../../project/projectQueryKeys.ts';
import { fetchProjectAtVersion, restoreProjectVersion } from '../api/versionsApi.ts';
import { projectVersionsPrefix } from '../versionQueryKeys.ts';
import { tFiles } from '../../../i18n/files.ts';

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
      await refreshAfterRestore(queryClient, project);
    },
    meta: { errorMessage: tFiles('restoreVersion.failed') },
  });
}

/** A new version was made: the project (files, version), its history and the project lists are asked again. */
async function refreshAfterRestore(queryClient: QueryClient, project: ProjectRef): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectQueryPrefix(project.namespace, project.name) }),
    queryClient.invalidateQueries({ queryKey: projectVersionsPrefix(project.namespace, project.name) }),
    invalidateProjectLists(queryClient),
  ]);
}

/**
 * 'Restore this file version': the server makes a new version in which only `path` changes back to its content
 * of `version` (the restore call with `paths`); `onRestored` gets the new version.
 */
export function useRestoreFile(
  project: ProjectRef,
  { onRestored }: { onRestored: (created: ProjectVersionDetail) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, path }: { version: string; path: string }) =>
      restoreProjectVersion(project.id, version, [path]),
    onSuccess: async (created) => {
      onRestored(created);
      await refreshAfterRestore(queryClient, project);
    },
    meta: { errorMessage: tFiles('restoreFile.failed') },
  });
}
