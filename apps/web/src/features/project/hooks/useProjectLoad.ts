import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/hooks/useSession.ts';
import { loadProject } from '../projectLoad.ts';
import { projectQueryKey } from '../projectQueryKeys.ts';

/**
 * The project of the route. The query is keyed by the route's namespace and name, so it loads again
 * whenever the route points at another project (SPEC §4).
 */
export function useProjectLoad(namespace: string, name: string) {
  const { isAuthenticated, user } = useSession();
  const viewer = isAuthenticated ? (user?.id ?? 'signed-in') : 'anonymous';
  return useQuery({
    queryKey: projectQueryKey(namespace, name, viewer),
    queryFn: () => loadProject({ namespace, name, isAuthenticated }),
    enabled: namespace !== '' && name !== '',
  });
}
