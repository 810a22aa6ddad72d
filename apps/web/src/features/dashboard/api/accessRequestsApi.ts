import type { AccessRequestListResponse } from '@waymark/contract';
import { ACCESS_REQUESTS_PAGE_SIZE } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

/** GET /app/project/access-request/{namespace}: pending requests to the workspace's projects. */
export async function fetchNamespaceAccessRequests(namespace: string): Promise<AccessRequestListResponse> {
  const response = await http.get<AccessRequestListResponse>(
    `/app/project/access-request/${encodeURIComponent(namespace)}`,
    { params: { page: 1, per_page: ACCESS_REQUESTS_PAGE_SIZE } },
  );
  return response.data;
}
