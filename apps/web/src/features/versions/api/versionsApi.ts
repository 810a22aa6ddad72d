import type {
  ChangesetDetail,
  ProjectDetail,
  ProjectVersionDetail,
  ProjectVersionsPage,
  ResourceHistory,
} from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

export interface VersionsPageOptions {
  page: number;
  perPage: number;
  /** Newest first (the default) or oldest first. */
  descending: boolean;
}

/** GET /v1/project/versions/paginated/{namespace}/{name}?page&per_page&descending (SPEC §7). */
export async function fetchProjectVersions(
  namespace: string,
  name: string,
  { page, perPage, descending }: VersionsPageOptions,
): Promise<ProjectVersionsPage> {
  return api.files.versions({
    params: { namespace, name },
    query: { page, per_page: perPage, descending },
  });
}

/** GET /v1/project/version/{project id}/{version}: who made it, what it changed. */
export async function fetchProjectVersion(projectId: string, version: string): Promise<ProjectVersionDetail> {
  return api.files.version({ params: { id: projectId, version } });
}

/**
 * GET /v1/resource/changesets/{namespace}/{name}/{version}?path= (SPEC §7): every changed row of one
 * GeoPackage in that version, geometry as WKT.
 */
export async function fetchFileChangeset(
  namespace: string,
  name: string,
  version: string,
  path: string,
): Promise<ChangesetDetail> {
  return api.changesets.detail({ params: { namespace, name, version }, query: { path } });
}

/** GET /v1/project/{namespace}/{name}?version=vN: the project's files at that version. */
export async function fetchProjectAtVersion(
  namespace: string,
  name: string,
  version: string,
): Promise<ProjectDetail> {
  return api.files.projectInfo({ params: { namespace, name }, query: { version } });
}

/**
 * POST /v2/projects/{id}/restore: a new version with the files of `version` (all, or only `paths`); answers its
 * detail.
 */
export async function restoreProjectVersion(
  projectId: string,
  version: string,
  paths?: string[],
): Promise<ProjectVersionDetail> {
  return api.syncV2.restore({ params: { id: projectId }, body: { version, ...(paths ? { paths } : {}) } });
}

/** GET /v1/resource/history/{namespace}/{name}?path=: the file's versions since it was last added. */
export async function fetchFileHistory(
  namespace: string,
  name: string,
  path: string,
): Promise<ResourceHistory> {
  return api.files.history({ params: { namespace, name }, query: { path } });
}
