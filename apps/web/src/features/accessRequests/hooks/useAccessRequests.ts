import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AcceptAccessRequest, type AccessRequest } from '@waymark/contract';
import { useState } from 'react';
import { collaboratorsQueryKey } from '../../collaborators/hooks/useCollaborators.ts';
import { pageAfterRemoval } from '../accessRequestRules.ts';
import { acceptAccessRequest, cancelAccessRequest, fetchAccessRequests } from '../api/accessRequestsApi.ts';
import { tProject } from '../../../i18n/project.ts';

/** Every cached page of access requests (dashboard row, workspace page, project tab). */
export const ACCESS_REQUESTS_QUERY_PREFIX = ['access-requests'] as const;

/** Accepts and cancels share one key, so every row knows while a decision is on its way. */
export const ACCESS_REQUEST_DECISION_KEY = ['access-request-decision'] as const;

/**
 * The pages of a workspace's access requests, or of one project's (SPEC §4 "Access request"): accepting or
 * cancelling loads the list again, one page back when the last row of a page above the first went.
 */
export function useAccessRequests(namespace: string, projectName?: string) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...ACCESS_REQUESTS_QUERY_PREFIX, 'table', namespace, projectName ?? null, page],
    queryFn: () => fetchAccessRequests(namespace, page, projectName),
    placeholderData: keepPreviousData,
    meta: { errorMessage: tProject('accessRequestToast.fetch') },
  });

  const afterChange = async (request: AccessRequest) => {
    setPage(pageAfterRemoval(page, query.data?.items.length ?? 0));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ACCESS_REQUESTS_QUERY_PREFIX }),
      queryClient.invalidateQueries({ queryKey: collaboratorsQueryKey(request.project_id) }),
    ]);
  };

  const accept = useMutation({
    mutationKey: ACCESS_REQUEST_DECISION_KEY,
    mutationFn: ({
      request,
      permissions,
    }: {
      request: AccessRequest;
      permissions: AcceptAccessRequest['permissions'];
    }) => acceptAccessRequest(request.id, permissions),
    onSuccess: (_data, { request }) => afterChange(request),
    meta: { errorMessage: tProject('accessRequestToast.accept') },
  });

  const cancel = useMutation({
    mutationKey: ACCESS_REQUEST_DECISION_KEY,
    mutationFn: (request: AccessRequest) => cancelAccessRequest(request.id),
    onSuccess: (_data, request) => afterChange(request),
    meta: { errorMessage: tProject('accessRequestToast.cancel') },
  });

  return { query, page, setPage, accept, cancel };
}

export type AccessRequestsState = ReturnType<typeof useAccessRequests>;
