import {
  type ProjectCollaborator,
  type ProjectRole,
  UPDATE_PROJECT_ACCESS_ERROR,
  type UpdateProjectRequest,
  type UserSearchItem,
} from '@waymark/contract';
import { isAxiosError } from 'axios';
import { http } from '../../../lib/api/http.ts';

const segment = (value: string) => encodeURIComponent(value);

/** GET /v2/projects/{id}/collaborators */
export async function fetchCollaborators(projectId: string): Promise<ProjectCollaborator[]> {
  const response = await http.get<ProjectCollaborator[]>(`/v2/projects/${segment(projectId)}/collaborators`);
  return response.data;
}

/** POST /v2/projects/{id}/collaborators: gives a role to someone listed through the workspace only. */
export async function addCollaborator(projectId: string, user: string, role: ProjectRole): Promise<void> {
  await http.post(`/v2/projects/${segment(projectId)}/collaborators`, { user, role });
}

/** PATCH /v2/projects/{id}/collaborators/{collaboratorId} */
export async function updateCollaborator(
  projectId: string,
  userId: number,
  role: ProjectRole,
): Promise<void> {
  await http.patch(`/v2/projects/${segment(projectId)}/collaborators/${userId}`, { role });
}

/** DELETE /v2/projects/{id}/collaborators/{collaboratorId} */
export async function removeCollaborator(projectId: string, userId: number): Promise<void> {
  await http.delete(`/v2/projects/${segment(projectId)}/collaborators/${userId}`);
}

/** GET /app/auth/user/search: users of the namespace matching `like`, not yet on the project. */
export async function searchUsers(
  namespace: string,
  like: string,
  projectId: string,
): Promise<UserSearchItem[]> {
  const response = await http.get<UserSearchItem[]>('/app/auth/user/search', {
    params: { namespace, like, project_id: projectId },
  });
  return response.data;
}

export interface ShareResult {
  /** Usernames the server could not give access to (UpdateProjectAccessError). */
  invalidUsernames: string[];
}

interface AccessErrorBody {
  code?: string;
  invalid_usernames?: string[];
}

function invalidUsernamesOf(body: unknown): string[] | undefined {
  const answer = body as AccessErrorBody | undefined;
  return answer?.code === UPDATE_PROJECT_ACCESS_ERROR.code ? (answer.invalid_usernames ?? []) : undefined;
}

/**
 * The share call (SPEC §7 "save access by role"): PUT /v1/project/{namespace}/{name} with the access lists.
 * UpdateProjectAccessError names the usernames left out, on a partial success (207) or when nobody could be
 * added (422); any other failure is thrown as usual.
 */
export async function shareProject(
  namespace: string,
  name: string,
  body: UpdateProjectRequest,
): Promise<ShareResult> {
  try {
    const response = await http.put<unknown>(`/v1/project/${segment(namespace)}/${segment(name)}`, body);
    return { invalidUsernames: invalidUsernamesOf(response.data) ?? [] };
  } catch (error) {
    const invalidUsernames = isAxiosError(error) ? invalidUsernamesOf(error.response?.data) : undefined;
    if (invalidUsernames) return { invalidUsernames };
    throw error;
  }
}
