import { describe, expect, it } from 'vitest';
import { describeRoleCase, type RoleCase, roleCases } from './testing/role-expectations.ts';
import {
  abilitiesOfProjectRole,
  canOfferLeave,
  effectiveProjectRole,
  projectAbilities,
  projectPermissionsOf,
  projectRoleFromAccess,
  type ProjectRoleFacts,
  refusedPushPath,
} from './project-abilities.ts';
import {
  effectiveWorkspaceRole,
  globalPermissionOf,
  type RoleHolder,
  workspaceAbilities,
  type WorkspaceRoleFacts,
} from './workspace-abilities.ts';

const cases = roleCases().map((c) => ({ ...c, name: describeRoleCase(c) }));

function holder(c: RoleCase): RoleHolder {
  return c.userKind === 'anonymous' ? null : { isSuperuser: c.userKind === 'superuser' };
}

function workspaceFacts(c: RoleCase): WorkspaceRoleFacts {
  return { user: holder(c), memberRole: c.workspaceMemberRole, globalPermission: c.globalPermission };
}

function projectFacts(c: RoleCase): ProjectRoleFacts {
  return {
    user: holder(c),
    isPublic: c.isPublic,
    memberRole: c.projectMemberRole,
    workspaceRole: effectiveWorkspaceRole(workspaceFacts(c)),
  };
}

describe('role arithmetic over every combination', () => {
  it('has every combination: 3 user kinds × 7 workspace roles × 4 global settings × 5 project roles × 2', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(840);
  });

  it.each(cases)('$name', (c) => {
    expect(effectiveWorkspaceRole(workspaceFacts(c))).toBe(c.expected.workspaceRole);
    expect(workspaceAbilities(workspaceFacts(c))).toEqual(c.expected.workspace);
    expect(projectAbilities(projectFacts(c))).toEqual(c.expected.project);
    expect(effectiveProjectRole(projectFacts(c))).toBe(c.expected.projectRole);
    expect(canOfferLeave(projectFacts(c))).toBe(c.expected.offerLeave);
    // What the web app derives from the reported role alone must agree with the facts.
    expect(abilitiesOfProjectRole(c.expected.projectRole)).toEqual(c.expected.project);
    expect(projectPermissionsOf(projectAbilities(projectFacts(c)))).toEqual({
      upload: c.expected.project.edit,
      update: c.expected.project.manage,
      delete: c.expected.project.manage,
    });
  });
});

describe('globalPermissionOf', () => {
  const none = { global_read: false, global_write: false, global_admin: false };

  it('takes the highest permission turned on', () => {
    expect(globalPermissionOf(undefined)).toBeNull();
    expect(globalPermissionOf(none)).toBeNull();
    expect(globalPermissionOf({ ...none, global_read: true })).toBe('global_read');
    expect(globalPermissionOf({ ...none, global_read: true, global_write: true })).toBe('global_write');
    expect(globalPermissionOf({ global_read: true, global_write: true, global_admin: true })).toBe(
      'global_admin',
    );
    expect(globalPermissionOf({ ...none, global_admin: true })).toBe('global_admin');
  });
});

describe('projectRoleFromAccess', () => {
  // Cumulative lists as the API sends them: owners are writers, editors and readers too.
  const access = { owners: [1], writers: [1, 2], editors: [1, 2, 3], readers: [1, 2, 3, 4] };

  it('reads back the highest list a user is on', () => {
    expect([1, 2, 3, 4, 5].map((id) => projectRoleFromAccess(access, id))).toEqual([
      'owner',
      'writer',
      'editor',
      'reader',
      null,
    ]);
  });
});

describe('refusedPushPath', () => {
  const paths = ['photos/a.jpg', 'survey.gpkg', 'project.QGZ', 'old/map.qgs'];

  it('lets writers and owners push anything', () => {
    expect(refusedPushPath(abilitiesOfProjectRole('writer'), paths)).toBeUndefined();
    expect(refusedPushPath(abilitiesOfProjectRole('owner'), paths)).toBeUndefined();
  });

  it('lets editors push data and media but names the first QGIS project file', () => {
    expect(refusedPushPath(abilitiesOfProjectRole('editor'), paths)).toBe('project.QGZ');
    expect(refusedPushPath(abilitiesOfProjectRole('editor'), paths.slice(0, 2))).toBeUndefined();
    expect(refusedPushPath(abilitiesOfProjectRole('editor'), ['notes.qgs.txt', 'map.qgs~'])).toBeUndefined();
  });

  it('refuses every file to readers and to people without a role', () => {
    expect(refusedPushPath(abilitiesOfProjectRole('reader'), paths)).toBe('photos/a.jpg');
    expect(refusedPushPath(abilitiesOfProjectRole(null), ['a.txt'])).toBe('a.txt');
  });
});
