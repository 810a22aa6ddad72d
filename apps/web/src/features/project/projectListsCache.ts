import type { QueryClient } from '@tanstack/react-query';
import {
  CONFIG_QUERY_KEY,
  PING_QUERY_KEY,
  SESSION_QUERY_KEY,
  USER_PROFILE_QUERY_KEY,
} from '../session/session.ts';
import { projectQueryPrefix } from './projectQueryKeys.ts';

/**
 * Instance data, the user, and single projects: a clone, delete or leave does not change any other
 * project. The workspaces do change (project count, storage used), so they refresh with the lists.
 */
const UNAFFECTED_KEYS = new Set<unknown>([
  SESSION_QUERY_KEY[0],
  PING_QUERY_KEY[0],
  CONFIG_QUERY_KEY[0],
  USER_PROFILE_QUERY_KEY[0],
  projectQueryPrefix('', '')[0],
]);

/**
 * Marks cached project lists (dashboard, projects pages) stale after a project was added, removed or
 * left. Only what is on screen refetches at once, so this stays cheap, and it does not need to know
 * the list features' query keys.
 */
export function invalidateProjectLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => !UNAFFECTED_KEYS.has(query.queryKey[0]) });
}
