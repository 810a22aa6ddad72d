import type { Workspace } from '@waymark/contract';
import { useWorkspaceStore } from '../workspaceStore.ts';
import { useWorkspaces } from './useWorkspaces.ts';

/**
 * The workspace the user is working in, `undefined` for users without one. `isRefreshed` asks the
 * server for the workspaces again on mount (see useWorkspaces).
 */
export function useCurrentWorkspace(options: { isRefreshed?: boolean } = {}): Workspace | undefined {
  const workspaces = useWorkspaces(options);
  const currentWorkspaceId = useWorkspaceStore((state) => state.currentWorkspaceId);
  return workspaces.find((workspace) => workspace.id === currentWorkspaceId);
}
