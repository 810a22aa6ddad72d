import {
  type AccessRequestListResponse,
  type CloneProjectRequest,
  type ProjectDetail,
} from '@waymark/contract';
import { apiRoutes, pathOf } from '@waymark/contract';
import { OWN_ACCESS_REQUESTS_LOOKUP_SIZE } from '../../../lib/constants.ts';
import { AxiosHeaders } from 'axios';
import { readAttachmentFileName } from '../../../lib/api/contentDisposition.ts';
import { api } from '../../../lib/api/api.ts';
import { http } from '../../../lib/api/http.ts';

/** GET /v1/project/{namespace}/{name} */
export async function fetchProject(namespace: string, name: string): Promise<ProjectDetail> {
  return api.files.projectInfo({ params: { namespace, name } });
}

/** POST /v1/project/clone/{namespace}/{name}: `project` and `namespace` name the copy. */
export async function cloneProject(
  namespace: string,
  name: string,
  target: Required<CloneProjectRequest>,
): Promise<void> {
  await api.projects.clone({ params: { namespace, name }, body: target });
}

/** POST /v2/projects/{id}/scheduleDelete: the project disappears now and is purged after the retention. */
export async function scheduleProjectDelete(projectId: string): Promise<void> {
  await api.projects.scheduleDelete({ params: { id: projectId } });
}

/** PATCH /v2/projects/{id}: a new name in the same workspace (204). */
export async function renameProject(projectId: string, name: string): Promise<void> {
  await api.projectsById.rename({ params: { id: projectId }, body: { name } });
}

/** PATCH /app/project/{id}/public */
export async function updateProjectPublicFlag(projectId: string, isPublic: boolean): Promise<void> {
  await api.projects.setPublic({ params: { id: projectId }, body: { public: isPublic } });
}

/** POST /app/project/unsubscribe/{id}: a guest leaves a project shared with them. */
export async function unsubscribeFromProject(projectId: string): Promise<void> {
  await api.projects.unsubscribe({ params: { id: projectId } });
}

/** POST /app/project/access-request/{namespace}/{name} with an empty body. */
export async function requestProjectAccess(namespace: string, name: string): Promise<void> {
  await api.accessRequests.create({ params: { namespace, name } });
}

/** GET /app/project/access-requests: the signed-in user's own pending requests. */
export async function fetchOwnAccessRequests(): Promise<AccessRequestListResponse> {
  return api.accessRequests.listOwn({ query: { page: 1, per_page: OWN_ACCESS_REQUESTS_LOOKUP_SIZE } });
}

/** Address of the project's zip archive (SPEC §7), of the latest version or of `version`. */
export function projectArchiveUrl(namespace: string, name: string, version?: string): string {
  const versionQuery = version ? `&version=${encodeURIComponent(version)}` : '';
  return `${pathOf(apiRoutes.projects.downloadZip, { namespace, name })}?format=zip${versionQuery}`;
}

export interface ProjectArchive {
  blob: Blob;
  /** The name the server gives the file (Content-Disposition), e.g. `survey-v3.zip`. */
  fileName: string | undefined;
}

/**
 * GET the zip archive as a blob. A failed download answers with a blob too, so its text is what
 * carries the error detail (SPEC §7 "Download errors read the detail from a text body").
 */
export async function downloadProjectArchive(
  namespace: string,
  name: string,
  version?: string,
): Promise<ProjectArchive> {
  const response = await http.get<Blob>(projectArchiveUrl(namespace, name, version), {
    responseType: 'blob',
  });
  const { headers } = response;
  const disposition: unknown =
    headers instanceof AxiosHeaders ? headers.get('content-disposition') : headers['content-disposition'];
  return {
    blob: response.data,
    fileName: readAttachmentFileName(typeof disposition === 'string' ? disposition : undefined),
  };
}
