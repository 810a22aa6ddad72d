import type { AccessRequestListResponse } from '@waymark/contract';
import { ACCESS_REQUESTS_PAGE_SIZE } from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** GET /app/project/access-request/{namespace}: pending requests to the workspace's projects. */
export async function fetchNamespaceAccessRequests(namespace: string): Promise<AccessRequestListResponse> {
  return api.accessRequests.listForWorkspace({
    params: { namespace },
    query: { page: 1, per_page: ACCESS_REQUESTS_PAGE_SIZE },
  });
}
