import { describeRoleCase, type RoleCase, roleCases } from '@waymark/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  canCreateProjectIn,
  canEditProject,
  canManageProject,
  canReadProject,
  canSeeProjectAccess,
  canSearchUsersIn,
  canUploadToProject,
  effectiveProjectRole,
  type ProjectAccessFacts,
  projectPermissions,
} from './project.policy.ts';
import {
  type Actor,
  canListAccessRequests,
  canManageWorkspaceMembers,
  canViewWorkspace,
  effectiveWorkspaceRole,
  type GlobalSettings,
} from './workspace.policy.ts';

/** The policies as the services call them: an actor, the server config and the role rows. */
function actorOf(c: RoleCase): Actor {
  return c.userKind === 'anonymous' ? null : { id: 7, isAdmin: c.userKind === 'superuser' };
}

function configOf(c: RoleCase): GlobalSettings {
  return {
    globalRead: c.globalPermission === 'global_read',
    globalWrite: c.globalPermission === 'global_write',
    globalAdmin: c.globalPermission === 'global_admin',
  };
}

function workspaceRoleOf(c: RoleCase) {
  return effectiveWorkspaceRole(actorOf(c), c.workspaceMemberRole ?? undefined, configOf(c));
}

function factsOf(c: RoleCase): ProjectAccessFacts {
  const actor = actorOf(c);
  return {
    user: actor && { isSuperuser: actor.isAdmin },
    isPublic: c.isPublic,
    memberRole: c.projectMemberRole,
    workspaceRole: workspaceRoleOf(c),
  };
}

describe('workspace and project policies over every role combination', () => {
  it.each(roleCases().map((c) => ({ ...c, name: describeRoleCase(c) })))('$name', (c) => {
    const role = workspaceRoleOf(c);
    expect(role).toBe(c.expected.workspaceRole);
    expect(canViewWorkspace(role, c.workspaceMemberRole !== null)).toBe(c.expected.workspace.view);
    expect(canCreateProjectIn(actorOf(c), role)).toBe(c.expected.workspace.createProjects);
    expect(canListAccessRequests(role)).toBe(c.expected.workspace.listAccessRequests);
    expect(canManageWorkspaceMembers(role)).toBe(c.expected.workspace.manageMembers);

    const facts = factsOf(c);
    expect({
      read: canReadProject(facts),
      edit: canEditProject(facts),
      upload: canUploadToProject(facts),
      manage: canManageProject(facts),
    }).toEqual(c.expected.project);
    expect(effectiveProjectRole(facts)).toBe(c.expected.projectRole);
    expect(projectPermissions(facts)).toEqual({
      upload: c.expected.project.edit,
      update: c.expected.project.manage,
      delete: c.expected.project.manage,
    });
  });
});

describe('who sees the access overview and searches users to share with', () => {
  const cases = roleCases();
  /** The same person and roles on the private twin of the project. */
  const privateTwin = (c: RoleCase) =>
    cases.find(
      (other) => !other.isPublic && describeRoleCase(other) === describeRoleCase({ ...c, isPublic: false }),
    );

  it.each(cases.map((c) => ({ ...c, name: describeRoleCase(c) })))('$name', (c) => {
    // The access overview needs a role of one's own: what reading the private twin needs; public reading is not enough.
    expect(canSeeProjectAccess(factsOf(c))).toBe(privateTwin(c)?.expected.project.read);
    // Searching users needs what sharing needs: managing the project one owns, or every project of the workspace.
    expect(canSearchUsersIn(actorOf(c), workspaceRoleOf(c), c.projectMemberRole === 'owner')).toBe(
      privateTwin(c)?.expected.project.manage,
    );
  });
});
