import { queryOptions } from '@tanstack/react-query';

import { fetchWorkspaces } from './api/workspacesApi.ts';
import { tCommon } from '../../i18n/common.ts';

export const WORKSPACES_QUERY_KEY = ['workspaces'] as const;

/**
 * GET /v1/workspaces: the one copy of the user's workspaces. Loaded by the session at start-up;
 * changes made in this app invalidate it, and the dashboard asks again for fresh storage numbers. A
 * failed load is not retried by the next screen that shows workspaces: one toast is enough; a failed
 * refresh keeps the list on screen without one (the numbers only feed the storage warning).
 */
export const workspacesQueryOptions = queryOptions({
  queryKey: WORKSPACES_QUERY_KEY,
  queryFn: fetchWorkspaces,
  staleTime: Number.POSITIVE_INFINITY,
  retryOnMount: false,
  meta: { errorMessage: tCommon('toast.loadWorkspaces'), isQuietOnRefresh: true },
});
