import type {
  ChangesetDetail,
  ProjectDetail,
  ProjectVersionDetail,
  ProjectVersionsPage,
  ResourceHistory,
} from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

const segment = (value: string) => encodeURIComponent(value);

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
  const response = await http.get<ProjectVersionsPage>(
    `/v1/project/versions/paginated/${segment(namespace)}/${segment(name)}`,
    { params: { page, per_page: perPage, descending } },
  );
  return response.data;
}

/** GET /v1/project/version/{project id}/{version}: who made it, what it changed. */
export async function fetchProjectVersion(projectId: string, version: string): Promise<ProjectVersionDetail> {
  const response = await http.get<ProjectVersionDetail>(
    `/v1/project/version/${segment(projectId)}/${segment(version)}`,
  );
  return response.data;
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
  const response = await http.get<ChangesetDetail>(
    `/v1/resource/changesets/${segment(namespace)}/${segment(name)}/${segment(version)}`,
    { params: { path } },
  );
  return response.data;
}

/** GET /v1/project/{namespace}/{name}?version=vN: the project's files at that version. */
export async function fetchProjectAtVersion(
  namespace: string,
  name: string,
  version: string,
): Promise<ProjectDetail> {
  const response = await http.get<ProjectDetail>(`/v1/project/${segment(namespace)}/${segment(name)}`, {
    params: { version },
  });
  return response.data;
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
  const response = await http.post<ProjectVersionDetail>(`/v2/projects/${segment(projectId)}/restore`, {
    version,
    ...(paths ? { paths } : {}),
  });
  return response.data;
}

/** GET /v1/resource/history/{namespace}/{name}?path=: the file's versions since it was last added. */
export async function fetchFileHistory(
  namespace: string,
  name: string,
  path: string,
): Promise<ResourceHistory> {
  const response = await http.get<ResourceHistory>(
    `/v1/resource/history/${segment(namespace)}/${segment(name)}`,
    { params: { path } },
  );
  return response.data;
}
