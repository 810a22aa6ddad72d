import { useMutation, useQueryClient } from '@tanstack/react-query';

import { readToastUnlessDetail } from '../../../lib/forms/serverFormErrors.ts';
import { createProject } from '../api/projectsApi.ts';
import { PROJECTS_QUERY_KEY } from './useProjectList.ts';
import { tProjects } from '../../../i18n/projects.ts';

export interface CreateProjectInput {
  namespace: string;
  name: string;
}

/**
 * POST /v1/project/{namespace}; new projects start private (SPEC §2 dialog). A refusal with the
 * server's reason is for the dialog to show under the name (SPEC §5); any other failure toasts.
 */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ namespace, name }: CreateProjectInput) =>
      createProject(namespace, { name, public: false }),
    meta: { readErrorMessage: readToastUnlessDetail(tProjects('toast.createProject')) },
    onSuccess: () => {
      // Not awaited: the user moves on to the new project while the lists refresh behind them.
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    },
  });
}
