import type { AccessRequest, ProjectDetail } from '@waymark/contract';
import axios from 'axios';
import { fetchOwnAccessRequests, fetchProject } from './api/projectApi.ts';

/**
 * What the project page shows (SPEC §4 "Project fetch status"): the project, or one of the screens
 * of SPEC §2. `sign-in` is a 403 for a visitor, who is sent to sign in and brought back.
 */
export type ProjectLoadState =
  | { status: 'loaded'; project: ProjectDetail }
  | { status: 'forbidden' }
  | { status: 'requested' }
  | { status: 'not-found' }
  | { status: 'sign-in' };

export interface ProjectLoadInput {
  namespace: string;
  name: string;
  isAuthenticated: boolean;
}

const sameName = (left: string, right: string) => left.toLowerCase() === right.toLowerCase();

/** True when one of the user's pending requests is for this project (names compare like the server's). */
export function hasPendingRequestFor(requests: AccessRequest[], namespace: string, name: string): boolean {
  return requests.some(
    (request) => sameName(request.namespace, namespace) && sameName(request.project_name, name),
  );
}

async function hasPendingRequest(namespace: string, name: string): Promise<boolean> {
  try {
    const { items } = await fetchOwnAccessRequests();
    return hasPendingRequestFor(items, namespace, name);
  } catch {
    // Not knowing about a request is no reason to hide the way to ask for access.
    return false;
  }
}

function statusOf(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

/**
 * Loads a project for the page. 403 and 404 become screens; a signed-in user's 403 becomes the 409
 * screen when they already asked for access (SPEC §6). Any other failure is raised, so the query
 * shows its 'Failed to load project data' toast and the page can offer a retry.
 */
export async function loadProject({
  namespace,
  name,
  isAuthenticated,
}: ProjectLoadInput): Promise<ProjectLoadState> {
  try {
    return { status: 'loaded', project: await fetchProject(namespace, name) };
  } catch (error) {
    const status = statusOf(error);
    if (status === 404) return { status: 'not-found' };
    if (status === 403) {
      if (!isAuthenticated) return { status: 'sign-in' };
      return (await hasPendingRequest(namespace, name)) ? { status: 'requested' } : { status: 'forbidden' };
    }
    throw error;
  }
}
