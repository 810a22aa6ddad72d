import {
  ACCESS_REQUESTS_PAGE_SIZE,
  type AcceptAccessRequest,
  type AccessRequestListResponse,
} from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/**
 * GET /app/project/access-request/{namespace}: one page of a workspace's pending requests, soonest to expire
 * first; with `projectName`, only that project's.
 */
export async function fetchAccessRequests(
  namespace: string,
  page: number,
  projectName?: string,
): Promise<AccessRequestListResponse> {
  return api.accessRequests.listForWorkspace({
    params: { namespace },
    query: {
      page,
      per_page: ACCESS_REQUESTS_PAGE_SIZE,
      order_params: 'expire_asc',
      ...(projectName ? { project_name: projectName } : {}),
    },
  });
}

/** POST /app/project/access-request/accept/{id} with the permission to give. */
export async function acceptAccessRequest(
  id: number,
  permissions: AcceptAccessRequest['permissions'],
): Promise<void> {
  await api.accessRequests.accept({ params: { id }, body: { permissions } });
}

/** DELETE /app/project/access-request/{id} */
export async function cancelAccessRequest(id: number): Promise<void> {
  await api.accessRequests.remove({ params: { id } });
}
