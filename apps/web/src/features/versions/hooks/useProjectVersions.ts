import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { fetchProjectVersions, type VersionsPageOptions } from '../api/versionsApi.ts';
import { projectVersionsPageKey } from '../versionQueryKeys.ts';
import { tFiles } from '../../../i18n/files.ts';

/** One page of a project's history; the page on screen stays while the next one loads. */
export function useProjectVersions(namespace: string, name: string, options: VersionsPageOptions) {
  return useQuery({
    queryKey: projectVersionsPageKey(namespace, name, options),
    queryFn: () => fetchProjectVersions(namespace, name, options),
    placeholderData: keepPreviousData,
    meta: { errorMessage: tFiles('versions.fetchFailed') },
  });
}
