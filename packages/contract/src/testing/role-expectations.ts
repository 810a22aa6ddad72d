import type { GlobalPermission, ProjectRole, WorkspaceRole } from '../roles.ts';

/**
 * Every role combination with the answer SPEC §3/§6 and reference §4 give, spelled out as literal tables
 * rather than computed, so that the contract's arithmetic and the server policies are checked against
 * the rules and not against themselves. Shared by the contract's and the server's table-driven tests.
 */

export type UserKind = 'anonymous' | 'user' | 'superuser';

export const USER_KINDS: UserKind[] = ['anonymous', 'user', 'superuser'];
export const WORKSPACE_MEMBER_ROLES: Array<WorkspaceRole | null> = [
  null,
  'guest',
  'reader',
  'editor',
  'writer',
  'admin',
  'owner',
];
export const GLOBAL_SETTINGS: Array<GlobalPermission | null> = [
  null,
  'global_read',
  'global_write',
  'global_admin',
];
export const PROJECT_MEMBER_ROLES: Array<ProjectRole | null> = [null, 'reader', 'editor', 'writer', 'owner'];

type WorkspaceRoleRow = [WorkspaceRole, WorkspaceRole, WorkspaceRole, WorkspaceRole];

/**
 * A signed-in user's effective workspace role by membership role (rows) and global setting (columns:
 * none, global_read, global_write, global_admin): the higher of the two; the global setting alone gives
 * guest, reader, writer, admin.
 */
const USER_WORKSPACE_ROLE: Record<string, WorkspaceRoleRow> = {
  none: ['guest', 'reader', 'writer', 'admin'],
  guest: ['guest', 'reader', 'writer', 'admin'],
  reader: ['reader', 'reader', 'writer', 'admin'],
  editor: ['editor', 'editor', 'writer', 'admin'],
  writer: ['writer', 'writer', 'writer', 'admin'],
  admin: ['admin', 'admin', 'admin', 'admin'],
  owner: ['owner', 'owner', 'owner', 'owner'],
};

/**
 * Project abilities by effective workspace role (rows) and explicit project role (columns: none, reader,
 * editor, writer, owner), as letters: r read, e edit, u upload, m manage; '-' where refused.
 */
type AbilityRow = [string, string, string, string, string];
const PRIVATE_PROJECT: Record<WorkspaceRole, AbilityRow> = {
  guest: ['----', 'r---', 're--', 'reu-', 'reum'],
  reader: ['r---', 'r---', 're--', 'reu-', 'reum'],
  editor: ['re--', 're--', 're--', 'reu-', 'reum'],
  writer: ['reu-', 'reu-', 'reu-', 'reu-', 'reum'],
  admin: ['reum', 'reum', 'reum', 'reum', 'reum'],
  owner: ['reum', 'reum', 'reum', 'reum', 'reum'],
};
const PUBLIC_PROJECT: Record<WorkspaceRole, AbilityRow> = {
  guest: ['r---', 'r---', 're--', 'reu-', 'reum'],
  reader: ['r---', 'r---', 're--', 'reu-', 'reum'],
  editor: ['re--', 're--', 're--', 'reu-', 'reum'],
  writer: ['reu-', 'reu-', 'reu-', 'reu-', 'reum'],
  admin: ['reum', 'reum', 'reum', 'reum', 'reum'],
  owner: ['reum', 'reum', 'reum', 'reum', 'reum'],
};

/** Reference §4: the reported role is the first that matches of owner (manage), writer, editor, reader. */
const ROLE_OF_ABILITIES: Record<string, ProjectRole | null> = {
  reum: 'owner',
  'reu-': 'writer',
  're--': 'editor',
  'r---': 'reader',
  '----': null,
};

/**
 * Workspace abilities by effective role: view for members / for non-members, create projects, list requests,
 * manage members.
 */
const WORKSPACE_ABILITIES: Record<WorkspaceRole, string> = {
  guest: 'V----',
  reader: 'Vv---',
  editor: 'Vv---',
  writer: 'Vv---',
  admin: 'Vvclm',
  owner: 'Vvclm',
};

export type RoleCase = {
  userKind: UserKind;
  workspaceMemberRole: WorkspaceRole | null;
  globalPermission: GlobalPermission | null;
  projectMemberRole: ProjectRole | null;
  isPublic: boolean;
  expected: {
    workspaceRole: WorkspaceRole | null;
    workspace: {
      view: boolean;
      createProjects: boolean;
      listAccessRequests: boolean;
      manageMembers: boolean;
    };
    project: { read: boolean; edit: boolean; upload: boolean; manage: boolean };
    projectRole: ProjectRole | null;
    /** SPEC §6: the Leave action is offered to guests of the workspace who are on the project. */
    offerLeave: boolean;
  };
};

function expectedWorkspaceRole(
  userKind: UserKind,
  memberRole: WorkspaceRole | null,
  globalPermission: GlobalPermission | null,
): WorkspaceRole | null {
  if (userKind === 'anonymous') return null;
  if (userKind === 'superuser') return 'owner';
  const row = USER_WORKSPACE_ROLE[memberRole ?? 'none'];
  const role = row?.[GLOBAL_SETTINGS.indexOf(globalPermission)];
  if (!row || !role) throw new Error('incomplete workspace role table');
  return role;
}

function expectedAbilities(
  userKind: UserKind,
  workspaceRole: WorkspaceRole | null,
  projectRole: ProjectRole | null,
  isPublic: boolean,
): string {
  if (userKind === 'superuser') return 'reum';
  if (userKind === 'anonymous' || !workspaceRole) return isPublic ? 'r---' : '----';
  const letters = (isPublic ? PUBLIC_PROJECT : PRIVATE_PROJECT)[workspaceRole][
    PROJECT_MEMBER_ROLES.indexOf(projectRole)
  ];
  if (!letters) throw new Error('incomplete project ability table');
  return letters;
}

/** All 3 × 7 × 4 × 5 × 2 combinations with their expected answers. */
export function roleCases(): RoleCase[] {
  const cases: RoleCase[] = [];
  for (const userKind of USER_KINDS)
    for (const workspaceMemberRole of WORKSPACE_MEMBER_ROLES)
      for (const globalPermission of GLOBAL_SETTINGS)
        for (const projectMemberRole of PROJECT_MEMBER_ROLES)
          for (const isPublic of [false, true]) {
            const workspaceRole = expectedWorkspaceRole(userKind, workspaceMemberRole, globalPermission);
            const letters = expectedAbilities(userKind, workspaceRole, projectMemberRole, isPublic);
            const workspaceLetters = workspaceRole ? WORKSPACE_ABILITIES[workspaceRole] : '-----';
            cases.push({
              userKind,
              workspaceMemberRole,
              globalPermission,
              projectMemberRole,
              isPublic,
              expected: {
                workspaceRole,
                workspace: {
                  view: workspaceLetters[workspaceMemberRole ? 0 : 1] !== '-',
                  createProjects: workspaceLetters[2] === 'c',
                  listAccessRequests: workspaceLetters[3] === 'l',
                  manageMembers: workspaceLetters[4] === 'm',
                },
                project: {
                  read: letters[0] === 'r',
                  edit: letters[1] === 'e',
                  upload: letters[2] === 'u',
                  manage: letters[3] === 'm',
                },
                projectRole: ROLE_OF_ABILITIES[letters] ?? null,
                offerLeave:
                  userKind !== 'anonymous' && workspaceRole === 'guest' && projectMemberRole !== null,
              },
            });
          }
  return cases;
}

/** A short name of a case for test titles. */
export function describeRoleCase(c: RoleCase): string {
  return [
    c.userKind,
    `ws:${c.workspaceMemberRole ?? 'none'}`,
    `global:${c.globalPermission ?? 'none'}`,
    `project:${c.projectMemberRole ?? 'none'}`,
    c.isPublic ? 'public' : 'private',
  ].join(' ');
}
