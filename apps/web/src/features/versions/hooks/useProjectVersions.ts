import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { VERSIONS_TEXTS } from '@waymark/contract';
import { fetchProjectVersions, type VersionsPageOptions } from '../api/versionsApi.ts';
import { projectVersionsPageKey } from '../versionQueryKeys.ts';

/** One page of a project's history; the page on screen stays while the next one loads. */
export function useProjectVersions(namespace: string, name: string, options: VersionsPageOptions) {
  return useQuery({
    queryKey: projectVersionsPageKey(namespace, name, options),
    queryFn: () => fetchProjectVersions(namespace, name, options),
    placeholderData: keepPreviousData,
    meta: { errorMessage: VERSIONS_TEXTS.fetchFailed },
  });
}
