import { LAST_WORKSPACES_STORAGE_KEY, type Workspace } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  chooseWorkspace,
  cleanupLastWorkspaces,
  type LastWorkspaceRecord,
  touchLastWorkspace,
} from './lastWorkspaces.ts';
import { useWorkspaceStore } from './workspaceStore.ts';

const ws = (id: number): Workspace => ({
  id,
  name: `ws-${id}`,
  storage: 100,
  disk_usage: 0,
  project_count: 0,
  role: 'owner',
});

const USER = 7;

describe('chooseWorkspace', () => {
  const workspaces = [ws(1), ws(2), ws(3)];

  it("prefers the user's most recently seen workspace", () => {
    const records: LastWorkspaceRecord[] = [
      { id: 2, userId: USER, lastSeen: 100 },
      { id: 3, userId: USER, lastSeen: 300 },
      { id: 1, userId: 99, lastSeen: 900 },
    ];
    expect(chooseWorkspace({ userId: USER, preferredWorkspaceId: 1, workspaces, records })).toEqual({
      workspaceId: 3,
      source: 'last-seen',
    });
  });

  it('falls back to the preferred workspace when the last seen one is gone', () => {
    const records = [{ id: 42, userId: USER, lastSeen: 500 }];
    expect(chooseWorkspace({ userId: USER, preferredWorkspaceId: 2, workspaces, records })).toEqual({
      workspaceId: 2,
      source: 'preferred',
    });
  });

  it('falls back to the first workspace without a usable preference', () => {
    expect(chooseWorkspace({ userId: USER, preferredWorkspaceId: 42, workspaces, records: [] })).toEqual({
      workspaceId: 1,
      source: 'first',
    });
    expect(
      chooseWorkspace({ userId: USER, preferredWorkspaceId: null, workspaces, records: [] })?.workspaceId,
    ).toBe(1);
  });

  it('chooses nothing for a user without workspaces', () => {
    expect(
      chooseWorkspace({ userId: USER, preferredWorkspaceId: 1, workspaces: [], records: [] }),
    ).toBeUndefined();
  });
});

describe('cleanupLastWorkspaces', () => {
  const records: LastWorkspaceRecord[] = [
    { id: 1, userId: USER, lastSeen: 1 },
    { id: 5, userId: USER, lastSeen: 2 },
    { id: 5, userId: 99, lastSeen: 3 },
  ];

  it("drops the user's records of workspaces the user no longer has", () => {
    expect(cleanupLastWorkspaces(records, USER, [ws(1)])).toEqual([records[0], records[2]]);
  });

  it("clears all of the user's records when the user has no workspaces, keeping other users'", () => {
    expect(cleanupLastWorkspaces(records, USER, [])).toEqual([records[2]]);
  });
});

describe('touchLastWorkspace', () => {
  it('replaces the record of the same user and workspace', () => {
    const records = [
      { id: 1, userId: USER, lastSeen: 1 },
      { id: 1, userId: 99, lastSeen: 1 },
    ];
    expect(touchLastWorkspace(records, 1, USER, 50)).toEqual([
      { id: 1, userId: 99, lastSeen: 1 },
      { id: 1, userId: USER, lastSeen: 50 },
    ]);
  });
});

describe('useWorkspaceStore', () => {
  const stored = (): LastWorkspaceRecord[] =>
    JSON.parse(window.localStorage.getItem(LAST_WORKSPACES_STORAGE_KEY) ?? '[]') as LastWorkspaceRecord[];

  beforeEach(() => useWorkspaceStore.getState().reset());

  it('starts in the last seen workspace and refreshes its lastSeen', () => {
    window.localStorage.setItem(
      LAST_WORKSPACES_STORAGE_KEY,
      JSON.stringify([{ id: 2, userId: USER, lastSeen: 1 }]),
    );
    useWorkspaceStore.getState().initialize({ id: USER, preferred_workspace: 1 }, [ws(1), ws(2)]);
    expect(useWorkspaceStore.getState().currentWorkspaceId).toBe(2);
    expect(stored()).toHaveLength(1);
    expect(stored()[0]?.lastSeen).toBeGreaterThan(1);
  });

  it('cleans stale records on start and remembers the preferred choice', () => {
    window.localStorage.setItem(
      LAST_WORKSPACES_STORAGE_KEY,
      JSON.stringify([
        { id: 9, userId: USER, lastSeen: 5 },
        { id: 9, userId: 99, lastSeen: 5 },
      ]),
    );
    useWorkspaceStore.getState().initialize({ id: USER, preferred_workspace: 2 }, [ws(1), ws(2)]);
    expect(useWorkspaceStore.getState().currentWorkspaceId).toBe(2);
    expect(stored().map((record) => [record.id, record.userId])).toEqual([
      [9, 99],
      [2, USER],
    ]);
  });

  it('clears the records of a user without workspaces', () => {
    window.localStorage.setItem(
      LAST_WORKSPACES_STORAGE_KEY,
      JSON.stringify([{ id: 3, userId: USER, lastSeen: 5 }]),
    );
    useWorkspaceStore.getState().initialize({ id: USER, preferred_workspace: null }, []);
    expect(useWorkspaceStore.getState().currentWorkspaceId).toBeUndefined();
    expect(stored()).toEqual([]);
  });

  it('records lastSeen when the user picks a workspace', () => {
    useWorkspaceStore.getState().initialize({ id: USER, preferred_workspace: null }, [ws(1), ws(2)]);
    expect(stored()).toEqual([]);
    useWorkspaceStore.getState().selectWorkspace(2, [ws(1), ws(2)]);
    expect(useWorkspaceStore.getState().currentWorkspaceId).toBe(2);
    expect(stored().map((record) => record.id)).toEqual([2]);
  });

  it('ignores a workspace the user does not have', () => {
    useWorkspaceStore.getState().initialize({ id: USER, preferred_workspace: null }, [ws(1)]);
    useWorkspaceStore.getState().selectWorkspace(5, [ws(1)]);
    expect(useWorkspaceStore.getState().currentWorkspaceId).toBe(1);
  });
});
