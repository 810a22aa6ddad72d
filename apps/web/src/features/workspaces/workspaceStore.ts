import type { UserProfile, Workspace } from '@waymark/contract';
import { create } from 'zustand';
import {
  chooseWorkspace,
  cleanupLastWorkspaces,
  readLastWorkspaces,
  touchLastWorkspace,
  writeLastWorkspaces,
} from './lastWorkspaces.ts';

interface WorkspaceState {
  workspaces: Workspace[];
  currentWorkspaceId: number | undefined;
  userId: number | undefined;
  /** Picks the start-up workspace of a freshly loaded user (SPEC §4) and tidies the stored records. */
  initialize: (user: Pick<UserProfile, 'id' | 'preferred_workspace'>, workspaces: Workspace[]) => void;
  /** A workspace chosen by the user; remembered as last seen. */
  selectWorkspace: (workspaceId: number) => void;
  reset: () => void;
}

const EMPTY = { workspaces: [], currentWorkspaceId: undefined, userId: undefined };

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
    set({ workspaces, currentWorkspaceId: choice?.workspaceId, userId: user.id });
  },
  selectWorkspace: (workspaceId) => {
    const { userId, workspaces } = get();
    if (!workspaces.some((workspace) => workspace.id === workspaceId)) return;
    if (userId !== undefined) {
      writeLastWorkspaces(touchLastWorkspace(readLastWorkspaces(), workspaceId, userId, Date.now()));
    }
    set({ currentWorkspaceId: workspaceId });
  },
  reset: () => set(EMPTY),
}));

export function selectCurrentWorkspace(state: WorkspaceState): Workspace | undefined {
  return state.workspaces.find((workspace) => workspace.id === state.currentWorkspaceId);
}
