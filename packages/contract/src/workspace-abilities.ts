import { type GlobalPermission, hasWorkspaceRole, type WorkspaceRole } from './roles.ts';
import type { ConfigResponse } from './service.ts';

/**
 * The one role arithmetic of workspaces (SPEC §3, §6; reference §4), shared by the server policies and
 * the web app: pure functions over plain facts, so both ends always agree on who may do what.
 */

/** The person the role rules look at: null for an anonymous visitor. */
export type RoleHolder = { isSuperuser: boolean } | null;

/** The server-wide settings as GET /config reports them. */
export type GlobalPermissionFlags = Pick<ConfigResponse, 'global_read' | 'global_write' | 'global_admin'>;

/** The workspace role each global permission gives every signed-in user in every workspace. */
export const GLOBAL_PERMISSION_WORKSPACE_ROLE: Record<GlobalPermission, WorkspaceRole> = {
  global_read: 'reader',
  global_write: 'writer',
  global_admin: 'admin',
};

/** The highest global permission the settings turn on; null when none is (or they are not known yet). */
export function globalPermissionOf(flags: GlobalPermissionFlags | undefined): GlobalPermission | null {
  if (flags?.global_admin) return 'global_admin';
  if (flags?.global_write) return 'global_write';
  if (flags?.global_read) return 'global_read';
  return null;
}

/** What decides a person's role in one workspace. */
export type WorkspaceRoleFacts = {
  user: RoleHolder;
  /** Their membership role; null when they are not a member. */
  memberRole: WorkspaceRole | null;
  globalPermission: GlobalPermission | null;
};

/**
 * A person's effective role in a workspace: superusers own every workspace; other users get the higher
 * of their membership role and the role of the global permission (guest when none). Visitors have none.
 */
export function effectiveWorkspaceRole(facts: WorkspaceRoleFacts): WorkspaceRole | null {
  if (!facts.user) return null;
  if (facts.user.isSuperuser) return 'owner';
  const global = facts.globalPermission ? GLOBAL_PERMISSION_WORKSPACE_ROLE[facts.globalPermission] : 'guest';
  return facts.memberRole && hasWorkspaceRole(facts.memberRole, global) ? facts.memberRole : global;
}

/** What a person may do in one workspace. Later features add their abilities here. */
export type WorkspaceAbilities = {
  /** See the workspace's details (name, storage, project count). */
  view: boolean;
  /** Create projects in it, or clone projects into it. */
  createProjects: boolean;
  /** See the pending access requests to its projects. */
  listAccessRequests: boolean;
  /** List, invite, add (create users in it), change and remove its members. */
  manageMembers: boolean;
};

/**
 * The abilities an effective workspace role gives. Members see their workspace whatever their role;
 * others only with a role of reader and up (a global permission or superuser status).
 */
export function abilitiesOfWorkspaceRole(role: WorkspaceRole | null, isMember: boolean): WorkspaceAbilities {
  return {
    view: role !== null && (isMember || hasWorkspaceRole(role, 'reader')),
    createProjects: hasWorkspaceRole(role, 'admin'),
    listAccessRequests: hasWorkspaceRole(role, 'admin'),
    manageMembers: hasWorkspaceRole(role, 'admin'),
  };
}

/** What a person may do in one workspace, from the facts. */
export function workspaceAbilities(facts: WorkspaceRoleFacts): WorkspaceAbilities {
  return abilitiesOfWorkspaceRole(effectiveWorkspaceRole(facts), facts.memberRole !== null);
}
