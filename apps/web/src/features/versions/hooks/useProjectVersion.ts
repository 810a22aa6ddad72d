import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProjectDetail } from '@waymark/contract';
import { CHANGESET_POLL_INTERVAL_MS } from '../../../lib/constants.ts';
import { fetchProjectVersion } from '../api/versionsApi.ts';
import { hasPendingChangesets, isPollingChangesets } from '../changesetWaiting.ts';
import { projectVersionKey } from '../versionQueryKeys.ts';
import { tFiles } from '../../../i18n/files.ts';

/**
 * The detail of one version of the project, while `version` is set. While the server still computes the
 * changesets of its edited GeoPackages the detail is asked for again every 2 s for at most a minute
 * (`isWaitingForChangesets`); after that `refetch` checks by hand.
 */
export function useProjectVersion(
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name'>,
  version: string | undefined,
) {
  const queryClient = useQueryClient();
  const queryKey = projectVersionKey(project.namespace, project.name, version ?? '');
  const query = useQuery({
    queryKey,
    queryFn: () => fetchProjectVersion(project.id, version ?? ''),
    enabled: version !== undefined && version !== '',
    // A version never changes once made, except for changesets that are still being computed.
    staleTime: (cached) => (hasPendingChangesets(cached.state.data) ? 0 : Infinity),
    refetchInterval: (cached) => (isPollingChangesets(cached.state) ? CHANGESET_POLL_INTERVAL_MS : false),
    meta: { errorMessage: tFiles('versionDetail.fetchFailed') },
  });
  // Reading `dataUpdatedAt` re-renders on every answer, even one equal to the last (same `data` object).
  const answeredAt = query.dataUpdatedAt;
  const state = queryClient.getQueryState<typeof query.data>(queryKey);
  const isWaitingForChangesets = answeredAt > 0 && state !== undefined && isPollingChangesets(state);
  return { query, isWaitingForChangesets };
}
