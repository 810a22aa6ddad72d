import { useQuery } from '@tanstack/react-query';
import { PROJECTS_TOAST_TEXTS } from '@waymark/contract';
import { notify } from '../../../lib/notifications.ts';
import { fetchNamespaceAccessRequests } from '../api/accessRequestsApi.ts';

/** The first page of a workspace's access requests; only asked for when `enabled` (admins). */
export function useNamespaceAccessRequests(namespace: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['access-requests', 'namespace', namespace],
    queryFn: async () => {
      try {
        return await fetchNamespaceAccessRequests(namespace ?? '');
      } catch (error) {
        notify.error(PROJECTS_TOAST_TEXTS.fetchAccessRequests);
        throw error;
      }
    },
    enabled: enabled && Boolean(namespace),
  });
}
