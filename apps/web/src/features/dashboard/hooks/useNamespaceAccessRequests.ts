import { useQuery } from '@tanstack/react-query';

import { fetchNamespaceAccessRequests } from '../api/accessRequestsApi.ts';
import { tProjects } from '../../../i18n/projects.ts';

/** The first page of a workspace's access requests; only asked for when `enabled` (admins). */
export function useNamespaceAccessRequests(namespace: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['access-requests', 'namespace', namespace],
    queryFn: () => fetchNamespaceAccessRequests(namespace ?? ''),
    meta: { errorMessage: tProjects('toast.fetchAccessRequests') },
    enabled: enabled && Boolean(namespace),
  });
}
