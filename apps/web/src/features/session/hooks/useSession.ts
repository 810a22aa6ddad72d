import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@waymark/contract';
import { ANONYMOUS_SESSION, type Session, sessionQueryOptions, userProfileQueryOptions } from '../session.ts';

export interface SessionState extends Session {
  /** `null` for visitors, and for a signed-in user whose profile failed to load. */
  user: UserProfile | null;
}

/**
 * The session and the signed-in user's profile, both from the query cache. The root route's loader has
 * loaded the session before any page renders, so there is no loading state to show.
 */
export function useSession(): SessionState {
  const { data: session = ANONYMOUS_SESSION } = useQuery(sessionQueryOptions);
  const { data: user } = useQuery({ ...userProfileQueryOptions, enabled: session.isAuthenticated });
  return { ...session, user: session.isAuthenticated ? (user ?? null) : null };
}
