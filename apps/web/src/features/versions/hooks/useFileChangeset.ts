import { useQuery } from '@tanstack/react-query';

import { type ChangesetLoadInput, loadChangeset } from '../changesetLoad.ts';
import { fileChangesetKey } from '../versionQueryKeys.ts';
import { tFiles } from '../../../i18n/files.ts';

/**
 * The changed rows of one file in one version, or the 422 notice; other failures toast SPEC §8's 'Failed
 * to display changeset of file'. A stored changeset never changes, so it is not asked for again.
 */
export function useFileChangeset(input: ChangesetLoadInput, isEnabled = true) {
  return useQuery({
    queryKey: fileChangesetKey(input.namespace, input.name, input.version, input.path),
    queryFn: () => loadChangeset(input),
    enabled: isEnabled,
    staleTime: Infinity,
    meta: { errorMessage: tFiles('changeset.fetchFailed') },
  });
}
