import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@waymark/contract';
import { fetchWorkspaces } from '../../workspaces/api/workspacesApi.ts';
import { useCurrentWorkspace } from '../../workspaces/hooks/useCurrentWorkspace.ts';

/**
 * The current workspace with up-to-date storage numbers. The store holds what start-up loaded, and
 * usage grows with every upload, so the dashboard asks GET /v1/workspaces again. Until it answers,
 * or if it fails, the start-up copy stands in — the numbers only feed a warning, not worth a toast.
 */
export function useFreshCurrentWorkspace(): Workspace | undefined {
  const current = useCurrentWorkspace();
  const { data } = useQuery({
    queryKey: ['workspaces'],
    queryFn: fetchWorkspaces,
    enabled: current !== undefined,
  });
  return data?.find((workspace) => workspace.id === current?.id) ?? current;
}
