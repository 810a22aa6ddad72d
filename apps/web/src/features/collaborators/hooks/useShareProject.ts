import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProjectDetail, type ProjectRole } from '@waymark/contract';
import { SHARE_ERROR_LIFE_MS } from '../../../lib/constants.ts';
import { notify } from '../../../lib/notifications.ts';
import { shareProject } from '../api/collaboratorsApi.ts';
import { shareAccessBody } from '../collaboratorRules.ts';
import { reloadMembers } from './useCollaborators.ts';
import { tProject } from '../../../i18n/project.ts';

/** What the dialog learns from a share: who could not be added (empty on full success). */
export interface ShareOutcome {
  invalidUsernames: string[];
}

/**
 * The share call (SPEC §2, §4, §8): on success 'Following users have been added to the project'; usernames the
 * server refused are listed in a long-lived 'Unable to share project with the following users' toast. Either way
 * the collaborators are reloaded, as some may have been added.
 */
export function useShareProject(project: ProjectDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      usernames,
      role,
    }: {
      usernames: string[];
      role: ProjectRole;
    }): Promise<ShareOutcome> =>
      shareProject(project.namespace, project.name, shareAccessBody(project.access, usernames, role)),
    onSuccess: async ({ invalidUsernames }) => {
      if (invalidUsernames.length === 0) notify.success(tProject('shareDialog.shared'));
      else
        notify.error(
          `${tProject('shareDialog.unableToShare')}: ${invalidUsernames.join(', ')}`,
          SHARE_ERROR_LIFE_MS,
        );
      await reloadMembers(queryClient, project);
    },
    meta: { errorMessage: tProject('shareDialog.failed') },
  });
}
