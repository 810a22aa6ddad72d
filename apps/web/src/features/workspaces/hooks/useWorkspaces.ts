import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@waymark/contract';
import { useSession } from '../../session/hooks/useSession.ts';
import { workspacesQueryOptions } from '../workspacesQuery.ts';

const NO_WORKSPACES: Workspace[] = [];

interface UseWorkspacesOptions {
  /** Ask the server again on mount even when cached (the dashboard's fresh storage numbers). */
  isRefreshed?: boolean;
}

/** The signed-in user's workspaces; none for visitors or when they could not be loaded. */
export function useWorkspaces({ isRefreshed = false }: UseWorkspacesOptions = {}): Workspace[] {
  const { isAuthenticated } = useSession();
  const { data } = useQuery({
    ...workspacesQueryOptions,
    enabled: isAuthenticated,
    refetchOnMount: isRefreshed ? 'always' : true,
  });
  return data ?? NO_WORKSPACES;
}
