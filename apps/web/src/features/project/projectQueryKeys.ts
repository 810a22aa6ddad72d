import type { QueryClient } from '@tanstack/react-query';
import type { ProjectDetail } from '@waymark/contract';
import type { ProjectLoadState } from './projectLoad.ts';

/** Every cached load of one project, whoever the viewer was. */
export function projectQueryPrefix(namespace: string, name: string) {
  return ['project', namespace, name] as const;
}

/**
 * The viewer is part of the key: the same address answers differently to a visitor and to each user
 * (role, 403), so a sign-in must never show what was cached for somebody else.
 */
export function projectQueryKey(namespace: string, name: string, viewer: number | string) {
  return [...projectQueryPrefix(namespace, name), viewer] as const;
}

/** Applies a change the server confirmed to the cached project, so the page shows it without a refetch. */
export function updateCachedProject(
  queryClient: QueryClient,
  project: Pick<ProjectDetail, 'namespace' | 'name'>,
  update: (project: ProjectDetail) => ProjectDetail,
): void {
  queryClient.setQueriesData<ProjectLoadState>(
    { queryKey: projectQueryPrefix(project.namespace, project.name) },
    (state) => (state?.status === 'loaded' ? { ...state, project: update(state.project) } : state),
  );
}

/** Drops every cached load of a project that no longer exists for this user (deleted, left). */
export function forgetCachedProject(
  queryClient: QueryClient,
  project: Pick<ProjectDetail, 'namespace' | 'name'>,
): void {
  queryClient.removeQueries({ queryKey: projectQueryPrefix(project.namespace, project.name) });
}
