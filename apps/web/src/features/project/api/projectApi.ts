import {
  type AccessRequestListResponse,
  type CloneProjectRequest,
  OWN_ACCESS_REQUESTS_LOOKUP_SIZE,
  type ProjectDetail,
} from '@waymark/contract';
import { AxiosHeaders } from 'axios';
import { readAttachmentFileName } from '../../../lib/api/contentDisposition.ts';
import { http } from '../../../lib/api/http.ts';

const segment = (value: string) => encodeURIComponent(value);
const projectAddress = (namespace: string, name: string) => `${segment(namespace)}/${segment(name)}`;

/** GET /v1/project/{namespace}/{name} */
export async function fetchProject(namespace: string, name: string): Promise<ProjectDetail> {
  const response = await http.get<ProjectDetail>(`/v1/project/${projectAddress(namespace, name)}`);
  return response.data;
}

/** POST /v1/project/clone/{namespace}/{name}: `project` and `namespace` name the copy. */
export async function cloneProject(
  namespace: string,
  name: string,
  target: Required<CloneProjectRequest>,
): Promise<void> {
  await http.post(`/v1/project/clone/${projectAddress(namespace, name)}`, target);
}

/** POST /v2/projects/{id}/scheduleDelete: the project disappears now and is purged after the retention. */
export async function scheduleProjectDelete(projectId: string): Promise<void> {
  await http.post(`/v2/projects/${segment(projectId)}/scheduleDelete`);
}

/** PATCH /v2/projects/{id}: a new name in the same workspace (204). */
export async function renameProject(projectId: string, name: string): Promise<void> {
  await http.patch(`/v2/projects/${segment(projectId)}`, { name });
}

/** PATCH /app/project/{id}/public */
export async function updateProjectPublicFlag(projectId: string, isPublic: boolean): Promise<void> {
  await http.patch(`/app/project/${segment(projectId)}/public`, { public: isPublic });
}

/** POST /app/project/unsubscribe/{id}: a guest leaves a project shared with them. */
export async function unsubscribeFromProject(projectId: string): Promise<void> {
  await http.post(`/app/project/unsubscribe/${segment(projectId)}`);
}

/** POST /app/project/access-request/{namespace}/{name} with an empty body. */
export async function requestProjectAccess(namespace: string, name: string): Promise<void> {
  await http.post(`/app/project/access-request/${projectAddress(namespace, name)}`);
}

/** GET /app/project/access-requests: the signed-in user's own pending requests. */
export async function fetchOwnAccessRequests(): Promise<AccessRequestListResponse> {
  const response = await http.get<AccessRequestListResponse>('/app/project/access-requests', {
    params: { page: 1, per_page: OWN_ACCESS_REQUESTS_LOOKUP_SIZE },
  });
  return response.data;
}

/** Address of the project's zip archive (SPEC §7), of the latest version or of `version`. */
export function projectArchiveUrl(namespace: string, name: string, version?: string): string {
  const versionQuery = version ? `&version=${encodeURIComponent(version)}` : '';
  return `/v1/project/download/${projectAddress(namespace, name)}?format=zip${versionQuery}`;
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
