import { queryOptions, useQuery } from '@tanstack/react-query';

import { useSession } from '../../session/hooks/useSession.ts';
import { loadProject, type ProjectLoadInput } from '../projectLoad.ts';
import { projectQueryKey } from '../projectQueryKeys.ts';
import { tProject } from '../../../i18n/project.ts';

interface ProjectLoadQueryInput extends ProjectLoadInput {
  /** Who is looking: the user's id, or 'anonymous' (see projectQueryKey). */
  viewer: number | string;
}

/** The load of one project as seen by one viewer; failures other than 403/404 toast SPEC §7's text. */
export function projectLoadQueryOptions({ viewer, ...input }: ProjectLoadQueryInput) {
  return queryOptions({
    queryKey: projectQueryKey(input.namespace, input.name, viewer),
    queryFn: () => loadProject(input),
    enabled: input.namespace !== '' && input.name !== '',
    meta: { errorMessage: tProject('page.loadFailed') },
  });
}

/**
 * The project of the route. The query is keyed by the route's namespace and name, so it loads again
 * whenever the route points at another project (SPEC §4).
 */
export function useProjectLoad(namespace: string, name: string) {
  const { isAuthenticated, user } = useSession();
  const viewer = isAuthenticated ? (user?.id ?? 'signed-in') : 'anonymous';
  return useQuery(projectLoadQueryOptions({ namespace, name, isAuthenticated, viewer }));
}
