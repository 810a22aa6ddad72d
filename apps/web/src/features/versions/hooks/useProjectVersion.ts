import { useQuery } from '@tanstack/react-query';
import { type ProjectDetail, VERSION_DETAIL_TEXTS } from '@waymark/contract';
import { fetchProjectVersion } from '../api/versionsApi.ts';
import { projectVersionKey } from '../versionQueryKeys.ts';

/** The detail of one version of the project, while `version` is set. */
export function useProjectVersion(
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name'>,
  version: string | undefined,
) {
  return useQuery({
    queryKey: projectVersionKey(project.namespace, project.name, version ?? ''),
    queryFn: () => fetchProjectVersion(project.id, version ?? ''),
    enabled: version !== undefined && version !== '',
    // A version never changes once made.
    staleTime: Infinity,
    meta: { errorMessage: VERSION_DETAIL_TEXTS.fetchFailed },
  });
}
