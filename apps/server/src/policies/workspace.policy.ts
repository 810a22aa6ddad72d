import {
  abilitiesOfWorkspaceRole,
  effectiveWorkspaceRole as effectiveRole,
  type GlobalPermission,
  globalPermissionOf,
  type RoleHolder,
  type WorkspaceRole,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';

export type Actor = { id: number; isAdmin: boolean } | null;

export type GlobalSettings = Pick<AppConfig, 'globalRead' | 'globalWrite' | 'globalAdmin'>;

/** How the contract's role rules see an actor (a superuser is `isAdmin` in the database). */
export function roleHolderOf(actor: Actor): RoleHolder {
  return actor ? { isSuperuser: actor.isAdmin } : null;
}

/** The global permission the server settings turn on, if any (reference §4). */
export function globalPermissionOfConfig(settings: GlobalSettings): GlobalPermission | null {
  return globalPermissionOf({
    global_read: settings.globalRead,
    global_write: settings.globalWrite,
    global_admin: settings.globalAdmin,
  });
}

/** A user's effective role in a workspace, computed by the contract (superusers own every workspace). */
export function effectiveWorkspaceRole(
  actor: Actor,
  memberRole: WorkspaceRole | undefined,
  settings: GlobalSettings,
): WorkspaceRole | null {
  return effectiveRole({
    user: roleHolderOf(actor),
    memberRole: memberRole ?? null,
    globalPermission: globalPermissionOfConfig(settings),
  });
}

/** Who may see a workspace's details: members of any role, users the global settings let read, superusers. */
export function canViewWorkspace(role: WorkspaceRole | null, isMember: boolean): boolean {
  return abilitiesOfWorkspaceRole(role, isMember).view;
}

/** Listing the access requests to a workspace's projects: its admins and owners (reference §4). */
export function canListAccessRequests(role: WorkspaceRole | null): boolean {
  return abilitiesOfWorkspaceRole(role, false).listAccessRequests;
}

/**
 * Managing a workspace's members (list, invite, change, remove; create users in it with POST /v2/users): its
 * admins and owners (the Enterprise edition's rule), and superusers, who own every workspace.
 */
export function canManageWorkspaceMembers(role: WorkspaceRole | null): boolean {
  return abilitiesOfWorkspaceRole(role, false).manageMembers;
}

/**
 * Creating users with POST /v2/users: superusers anywhere (Mergin CE's rule); admins of the workspace the body
 * names, into that workspace (the larger editions' rule).
 */
export function canAddUsers(actor: Actor, roleInTargetWorkspace: WorkspaceRole | null = null): boolean {
  return actor?.isAdmin === true || (actor !== null && canManageWorkspaceMembers(roleInTargetWorkspace));
}

/**
 * Granting or taking away the owner role of a workspace (also removing an owner): its owners and superusers
 * only; admins manage the other roles.
 */
export function canGrantWorkspaceOwner(role: WorkspaceRole | null): boolean {
  return role === 'owner';
}
