import type { Workspace } from '@waymark/contract';
import { selectCurrentWorkspace, useWorkspaceStore } from '../workspaceStore.ts';

/** The workspace the user is working in, `undefined` for users without one. */
export function useCurrentWorkspace(): Workspace | undefined {
  return useWorkspaceStore(selectCurrentWorkspace);
}
