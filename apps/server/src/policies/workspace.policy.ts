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

/** Creating users in a workspace (POST /v2/users) is for superusers, as in Mergin CE. */
export function canAddUsers(actor: Actor): boolean {
  return actor?.isAdmin === true;
}
