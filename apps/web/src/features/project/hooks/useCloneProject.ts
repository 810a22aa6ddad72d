import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CloneProjectRequest, type ProjectDetail } from '@waymark/contract';
import { useNavigate } from 'react-router';
import { readToastUnlessDetail } from '../../../lib/forms/serverFormErrors.ts';
import { notify } from '../../../lib/notifications.ts';
import { projectPath } from '../../../lib/paths.ts';
import { cloneProject } from '../api/projectApi.ts';
import { invalidateProjectLists } from '../projectListsCache.ts';
import { tProject } from '../../../i18n/project.ts';

/**
 * Clones the project and opens the copy (SPEC §4). A refusal with a reason (name taken, storage
 * limit…) is for the dialog to show under the name; anything else becomes the 'Failed to clone
 * project' toast. Success is said on the copy's page.
 */
export function useCloneProject(source: Pick<ProjectDetail, 'namespace' | 'name'>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (target: Required<CloneProjectRequest>) =>
      cloneProject(source.namespace, source.name, target),
    meta: { readErrorMessage: readToastUnlessDetail(tProject('cloneProject.failed')) },
    onSuccess: async (_data, target) => {
      // Raised first: the app-wide toast outlet keeps it through the navigation, which may hand over to the
      // project's files tab before its own promise settles.
      notify.success(tProject('cloneProject.cloned', { path: `${target.namespace}/${target.project}` }));
      await navigate(projectPath(target.namespace, target.project));
      await invalidateProjectLists(queryClient);
    },
  });
}
