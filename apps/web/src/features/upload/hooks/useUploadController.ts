import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail } from '@waymark/contract';
import { notify } from '../../../lib/notifications.ts';
import { invalidateProjectLists } from '../../project/projectListsCache.ts';
import type { ProjectLoadState } from '../../project/projectLoad.ts';
import { projectQueryPrefix, updateCachedProject } from '../../project/projectQueryKeys.ts';
import { fetchProjectVersion } from '../../versions/api/versionsApi.ts';
import { pushApi } from '../api/pushApi.ts';
import { createWorkerHasher } from '../hashing/workerHasher.ts';
import { createUploadController, type UploadController } from '../uploadController.ts';
import { uploadStore } from '../uploadStore.ts';

/** The project as last loaded, whoever the viewer (the upload compares with the freshest copy). */
function cachedProject(queryClient: QueryClient, namespace: string, name: string): ProjectDetail | undefined {
  const loads = queryClient.getQueriesData<ProjectLoadState>({
    queryKey: projectQueryPrefix(namespace, name),
  });
  for (const [, state] of loads) {
    if (state?.status === 'loaded') return state.project;
  }
  return undefined;
}

function createAppUploadController(queryClient: QueryClient): UploadController {
  return createUploadController({
    store: uploadStore,
    hashFile: createWorkerHasher(),
    api: pushApi,
    notify,
    getProject: (namespace, name) => cachedProject(queryClient, namespace, name),
    onProjectPushed: (project) => {
      // Shown at once from the answer; versions, sizes and lists elsewhere refresh behind it.
      updateCachedProject(queryClient, project, () => project);
      void invalidateProjectLists(queryClient);
    },
    onPushFailed: (namespace, name) => {
      void queryClient.invalidateQueries({ queryKey: projectQueryPrefix(namespace, name) });
    },
    fetchVersion: fetchProjectVersion,
  });
}

/**
 * Loads the project again and answers it: the upload confirmation tells what a push would do against the latest
 * version (a GeoPackage chosen at an older one is merged).
 */
export function useRefreshProject(): (project: ProjectDetail) => Promise<ProjectDetail> {
  const queryClient = useQueryClient();
  return async (project) => {
    await queryClient.refetchQueries({ queryKey: projectQueryPrefix(project.namespace, project.name) });
    return cachedProject(queryClient, project.namespace, project.name) ?? project;
  };
}

const controllers = new WeakMap<QueryClient, UploadController>();

/**
 * The app's upload controller: one per query client, so uploads outlive the components that started
 * them (the progress toast follows them across pages).
 */
export function useUploadController(): UploadController {
  const queryClient = useQueryClient();
  let controller = controllers.get(queryClient);
  if (!controller) {
    controller = createAppUploadController(queryClient);
    controllers.set(queryClient, controller);
  }
  return controller;
}
