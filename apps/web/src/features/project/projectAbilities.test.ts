import type { Workspace } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import {
  canLeaveProject,
  getCloneTargets,
  getProjectTabs,
  type isProjectOwner,
  nonMemberWorkspaceRole,
  pickInitialCloneTarget,
} from './projectAbilities.ts';
import { buildProject } from './test/projectFixture.ts';

const workspace = (id: number, role: Workspace['role']): Workspace => ({
  id,
  name: `ws-${id}`,
  storage: 1000,
  disk_usage: 0,
  project_count: 0,
  role,
});

const tabIds = (isAuthenticated: boolean, role: Parameters<typeof isProjectOwner>[0]) =>
  getProjectTabs({ namespace: 'ws', name: 'survey', isAuthenticated, role }).map((tab) => tab.id);

describe('getProjectTabs', () => {
  it('gives visitors the files tab only', () => {
    expect(tabIds(false, null)).toEqual(['files']);
    // A role cannot widen a visitor's tabs: the history route needs a signed-in user.
    expect(tabIds(false, 'owner')).toEqual(['files']);
  });

  it('adds the map and history for signed-in users who do not own the project', () => {
    expect(tabIds(true, 'reader')).toEqual(['files', 'map', 'history']);
    expect(tabIds(true, 'writer')).toEqual(['files', 'map', 'history']);
    expect(tabIds(true, null)).toEqual(['files', 'map', 'history']);
  });

  it('adds collaborators and settings for owners', () => {
    expect(tabIds(true, 'owner')).toEqual(['files', 'map', 'history', 'collaborators', 'settings']);
  });

  it('links every tab without a query', () => {
    const tabs = getProjectTabs({ namespace: 'my ws', name: 'a/b', isAuthenticated: true, role: 'owner' });
    expect(tabs.map((tab) => tab.to)).toEqual([
      '/projects/my%20ws/a%2Fb/tree',
      '/projects/my%20ws/a%2Fb/map',
      '/projects/my%20ws/a%2Fb/history',
      '/projects/my%20ws/a%2Fb/collaborators',
      '/projects/my%20ws/a%2Fb/settings',
    ]);
  });
});

describe('getCloneTargets', () => {
  const workspaces = [
    workspace(1, 'owner'),
    workspace(2, 'admin'),
    workspace(3, 'writer'),
    workspace(4, 'guest'),
  ];

  it('keeps the workspaces where the user may create projects', () => {
    expect(getCloneTargets(workspaces, false).map((item) => item.id)).toEqual([1, 2]);
  });

  it('lets superusers clone into any of their workspaces', () => {
    expect(getCloneTargets(workspaces, true).map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('pickInitialCloneTarget', () => {
  const targets = [workspace(1, 'owner'), workspace(2, 'admin')];

  it('prefers the current workspace, else the only choice, else none', () => {
    expect(pickInitialCloneTarget(targets, 2)).toBe(2);
    expect(pickInitialCloneTarget(targets, 9)).toBeUndefined();
    expect(pickInitialCloneTarget([workspace(5, 'admin')], 9)).toBe(5);
    expect(pickInitialCloneTarget([], undefined)).toBeUndefined();
  });
});

describe('canLeaveProject', () => {
  const shared = buildProject({
    workspace_id: 3,
    access: { ...buildProject().access, readers: [7], readersnames: ['ada'] },
  });

  it('lets a guest of the workspace leave a project shared with them', () => {
    expect(canLeaveProject(shared, [workspace(3, 'guest')], 7)).toBe(true);
  });

  it('lets a user outside the workspace leave a project shared with them: they are a guest there', () => {
    // GET /v1/workspaces lists only the user's own workspaces; workspace 3 is not among them.
    expect(canLeaveProject(shared, [workspace(4, 'owner')], 7)).toBe(true);
    expect(canLeaveProject(shared, [], 7)).toBe(true);
  });

  it('refuses users with a higher role in the workspace, users not on the project and visitors', () => {
    expect(canLeaveProject(shared, [workspace(3, 'reader')], 7)).toBe(false);
    expect(canLeaveProject(shared, [workspace(3, 'guest')], 8)).toBe(false);
    expect(canLeaveProject(shared, [workspace(4, 'guest')], 8)).toBe(false);
    expect(canLeaveProject(shared, [workspace(3, 'guest')], undefined)).toBe(false);
  });

  it('takes the global role outside the workspace when the server sets one', () => {
    expect(canLeaveProject(shared, [], 7, 'reader')).toBe(false);
    expect(canLeaveProject(shared, [workspace(3, 'guest')], 7, 'reader')).toBe(true);
  });
});

describe('nonMemberWorkspaceRole', () => {
  const settings = { global_read: false, global_write: false, global_admin: false };

  it('is guest unless a global permission or superuser status says otherwise', () => {
    expect(nonMemberWorkspaceRole(settings, false)).toBe('guest');
    expect(nonMemberWorkspaceRole(undefined, false)).toBe('guest');
    expect(nonMemberWorkspaceRole({ ...settings, global_read: true }, false)).toBe('reader');
    expect(nonMemberWorkspaceRole({ ...settings, global_read: true, global_write: true }, false)).toBe(
      'writer',
    );
    expect(nonMemberWorkspaceRole({ ...settings, global_admin: true }, false)).toBe('admin');
    expect(nonMemberWorkspaceRole(settings, true)).toBe('owner');
  });
});
