import { useQuery } from '@tanstack/react-query';
import { ANONYMOUS_SESSION, loadSession, SESSION_QUERY_KEY, type Session } from '../session.ts';

export const sessionQueryOptions = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: loadSession,
  // The session changes only through sign-in and sign-out, which refetch it explicitly.
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  retry: false,
} as const;

export interface SessionState extends Session {
  /** True until the first GET /app/init has answered. */
  isLoading: boolean;
}

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions);
  return { ...(data ?? ANONYMOUS_SESSION), isLoading: isPending };
}
