import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProjectDetail, type ProjectFile } from '@waymark/contract';
import { invalidateProjectLists } from '../../project/projectListsCache.ts';
import { updateCachedProject } from '../../project/projectQueryKeys.ts';
import { projectVersionsPrefix } from '../../versions/versionQueryKeys.ts';
import { pushFileRemoval } from '../api/filesApi.ts';
import { tFiles } from '../../../i18n/files.ts';

/**
 * 'Delete file' (SPEC §2, §6: writers): pushes the removal from the project's current version. The server
 * answers with the project at the new version, which replaces the cached one; the history and the project
 * lists refresh, and `onDeleted` closes the sidebar. Success reads 'Project updated' (SPEC §4: a push answered without a transaction); a
 * refusal shows the server's detail, else 'Failed to push changes'.
 */
export function useDeleteFile(project: ProjectDetail, { onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ProjectFile) => pushFileRemoval(project, [file]),
    // Here rather than in `mutate`'s own callbacks: the sidebar that asked unmounts as soon as the file
    // leaves the cached project, and callbacks of an unmounted caller never run.
    onSuccess: async (updated) => {
      onDeleted();
      updateCachedProject(queryClient, project, (current) => ({ ...current, ...updated }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectVersionsPrefix(project.namespace, project.name) }),
        invalidateProjectLists(queryClient),
      ]);
    },
    meta: { errorMessage: tFiles('fileDetail.deleteFailed'), successMessage: tFiles('fileDetail.deleted') },
  });
}
