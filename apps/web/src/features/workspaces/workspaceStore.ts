import type { UserProfile, Workspace } from '@waymark/contract';
import { create } from 'zustand';
import {
  chooseWorkspace,
  cleanupLastWorkspaces,
  readLastWorkspaces,
  touchLastWorkspace,
  writeLastWorkspaces,
} from './lastWorkspaces.ts';

/**
 * Which workspace the user works in. Only the id: the workspaces themselves live in the query cache
 * (workspacesQuery.ts), so there is one copy of them.
 */
interface WorkspaceState {
  currentWorkspaceId: number | undefined;
  userId: number | undefined;
  /** Picks the start-up workspace of a freshly loaded user (SPEC §4) and tidies the stored records. */
  initialize: (
    user: Pick<UserProfile, 'id' | 'preferred_workspace'>,
    workspaces: Pick<Workspace, 'id'>[],
  ) => void;
  /** A workspace chosen by the user among their `workspaces`; remembered as last seen. */
  selectWorkspace: (workspaceId: number, workspaces: Pick<Workspace, 'id'>[]) => void;
  reset: () => void;
}

const EMPTY = { currentWorkspaceId: undefined, userId: undefined };

export const useWorkspaceStore = create<WorkspaceState>()((set, get) => ({
  ...EMPTY,
  initialize: (user, workspaces) => {
    let records = cleanupLastWorkspaces(readLastWorkspaces(), user.id, workspaces);
    const choice = chooseWorkspace({
      userId: user.id,
      preferredWorkspaceId: user.preferred_workspace,
      workspaces,
      records,
    });
    // Falling back to the first workspace is not the user's choice, so it is not remembered.
    if (choice && choice.source !== 'first') {
      records = touchLastWorkspace(records, choice.workspaceId, user.id, Date.now());
    }
    writeLastWorkspaces(records);
    set({ currentWorkspaceId: choice?.workspaceId, userId: user.id });
  },
  selectWorkspace: (workspaceId, workspaces) => {
    if (!workspaces.some((workspace) => workspace.id === workspaceId)) return;
    const { userId } = get();
    if (userId !== undefined) {
      writeLastWorkspaces(touchLastWorkspace(readLastWorkspaces(), workspaceId, userId, Date.now()));
    }
    set({ currentWorkspaceId: workspaceId });
  },
  reset: () => set(EMPTY),
}));
