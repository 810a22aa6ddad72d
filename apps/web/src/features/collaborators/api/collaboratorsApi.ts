import {
  type ProjectCollaborator,
  type ProjectRole,
  UPDATE_PROJECT_ACCESS_ERROR,
  type UpdateProjectRequest,
  type UserSearchItem,
} from '@waymark/contract';
import { isAxiosError } from 'axios';
import { api } from '../../../lib/api/api.ts';

/** GET /v2/projects/{id}/collaborators */
export async function fetchCollaborators(projectId: string): Promise<ProjectCollaborator[]> {
  return api.collaborators.list({ params: { id: projectId } });
}

/** POST /v2/projects/{id}/collaborators: gives a role to someone listed through the workspace only. */
export async function addCollaborator(projectId: string, user: string, role: ProjectRole): Promise<void> {
  await api.collaborators.add({ params: { id: projectId }, body: { user, role } });
}

/** PATCH /v2/projects/{id}/collaborators/{collaboratorId} */
export async function updateCollaborator(
  projectId: string,
  userId: number,
  role: ProjectRole,
): Promise<void> {
  await api.collaborators.update({ params: { id: projectId, user_id: userId }, body: { role } });
}

/** DELETE /v2/projects/{id}/collaborators/{collaboratorId} */
export async function removeCollaborator(projectId: string, userId: number): Promise<void> {
  await api.collaborators.remove({ params: { id: projectId, user_id: userId } });
}

/** GET /app/auth/user/search: users of the namespace matching `like`, not yet on the project. */
export async function searchUsers(
  namespace: string,
  like: string,
  projectId: string,
): Promise<UserSearchItem[]> {
  return api.collaborators.searchUsers({ query: { namespace, like, project_id: projectId } });
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
    const answer = await api.projects.updateAccess({ params: { namespace, name }, body });
    return { invalidUsernames: invalidUsernamesOf(answer) ?? [] };
  } catch (error) {
    const invalidUsernames = isAxiosError(error) ? invalidUsernamesOf(error.response?.data) : undefined;
    if (invalidUsernames) return { invalidUsernames };
    throw error;
  }
}
