import { isQgisProjectFile } from './file-paths.ts';
import type { ProjectAccess, ProjectPermissions } from './project.ts';
import { hasProjectRole, PROJECT_ROLES, type ProjectRole, type WorkspaceRole } from './roles.ts';
import type { RoleHolder } from './workspace-abilities.ts';

/**
 * The one role arithmetic of projects (SPEC §6; reference §4), shared by the server policies and the web
 * app. The effective project role is the highest of the explicit project role, the role the workspace
 * role stands for and, for public projects, reader; every ability follows from it.
 */

/** The project role a workspace role gives in all the workspace's projects (guests get none). */
export const WORKSPACE_ROLE_PROJECT_ROLE: Record<WorkspaceRole, ProjectRole | null> = {
  guest: null,
  reader: 'reader',
  editor: 'editor',
  writer: 'writer',
  admin: 'owner',
  owner: 'owner',
};

/** What decides a person's rights on one project. */
export type ProjectRoleFacts = {
  user: RoleHolder;
  isPublic: boolean;
  /** Their explicit project role; null when the project is not shared with them. */
  memberRole: ProjectRole | null;
  /** Their effective role in the project's workspace (see effectiveWorkspaceRole). */
  workspaceRole: WorkspaceRole | null;
};

/**
 * The role reported to clients, the highest the person holds: superusers own every project, visitors
 * read public ones, users hold the highest of their project role, their workspace's and public reading.
 */
export function effectiveProjectRole(facts: ProjectRoleFacts): ProjectRole | null {
  if (!facts.user) return facts.isPublic ? 'reader' : null;
  if (facts.user.isSuperuser) return 'owner';
  const held = [
    facts.memberRole,
    facts.workspaceRole ? WORKSPACE_ROLE_PROJECT_ROLE[facts.workspaceRole] : null,
    facts.isPublic ? 'reader' : null,
  ];
  return PROJECT_ROLES.findLast((role) => held.includes(role)) ?? null;
}

/** What a person may do with one project. Later features (uploads, collaborators) add theirs here. */
export type ProjectAbilities = {
  /** See it, its files and history; download. */
  read: boolean;
  /** Collect features (editor and up); the API's `permissions.upload`. */
  edit: boolean;
  /** Push any file (writer and up). */
  upload: boolean;
  /** Share, change access, rename, toggle public, delete, answer access requests (owners). */
  manage: boolean;
};

/** The abilities an effective project role gives. */
export function abilitiesOfProjectRole(role: ProjectRole | null): ProjectAbilities {
  return {
    read: hasProjectRole(role, 'reader'),
    edit: hasProjectRole(role, 'editor'),
    upload: hasProjectRole(role, 'writer'),
    manage: hasProjectRole(role, 'owner'),
  };
}

/** What a person may do with one project, from the facts. */
export function projectAbilities(facts: ProjectRoleFacts): ProjectAbilities {
  return abilitiesOfProjectRole(effectiveProjectRole(facts));
}

/** The `permissions` of the API's project shapes: `upload` is the edit ability, as in the reference. */
export function projectPermissionsOf(abilities: ProjectAbilities): ProjectPermissions {
  return { upload: abilities.edit, update: abilities.manage, delete: abilities.manage };
}

/**
 * The first path of a push the person may not add, change or remove, or undefined when they may push them all:
 * writers push anything; editors collect features, so they push data and media but no QGIS project file
 * (`.qgs`, `.qgz`); others push nothing. The server refuses such a push at its start, the web app before sending.
 */
export function refusedPushPath(abilities: ProjectAbilities, paths: Iterable<string>): string | undefined {
  if (abilities.upload) return undefined;
  for (const path of paths) if (!abilities.edit || isQgisProjectFile(path)) return path;
  return undefined;
}

/**
 * SPEC §6 "A guest-role member can leave the project": the Leave action is offered to guests of the
 * workspace the project is shared with (visitors have no workspace role). The server lets any member
 * but an owner leave.
 */
export function canOfferLeave(facts: Pick<ProjectRoleFacts, 'memberRole' | 'workspaceRole'>): boolean {
  return facts.workspaceRole === 'guest' && facts.memberRole !== null;
}

/** A user's explicit project role read back from the access lists, which are cumulative (owners are writers…). */
export function projectRoleFromAccess(
  access: Pick<ProjectAccess, 'owners' | 'writers' | 'editors' | 'readers'>,
  userId: number,
): ProjectRole | null {
  if (access.owners.includes(userId)) return 'owner';
  if (access.writers.includes(userId)) return 'writer';
  if (access.editors.includes(userId)) return 'editor';
  return access.readers.includes(userId) ? 'reader' : null;
}
