import { useQuery } from '@tanstack/react-query';
import { PROJECTS_TOAST_TEXTS } from '@waymark/contract';
import { fetchNamespaceAccessRequests } from '../api/accessRequestsApi.ts';

/** The first page of a workspace's access requests; only asked for when `enabled` (admins). */
export function useNamespaceAccessRequests(namespace: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['access-requests', 'namespace', namespace],
    queryFn: () => fetchNamespaceAccessRequests(namespace ?? ''),
    meta: { errorMessage: PROJECTS_TOAST_TEXTS.fetchAccessRequests },
    enabled: enabled && Boolean(namespace),
  });
}
