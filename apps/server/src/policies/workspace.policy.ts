import { hasWorkspaceRole, type WorkspaceRole, workspaceRoleLevel } from '@waymark/contract';
import type { AppConfig } from '../config.ts';

export type Actor = { id: number; isAdmin: boolean } | null;

type GlobalSettings = Pick<AppConfig, 'globalRead' | 'globalWrite' | 'globalAdmin'>;

/** The role the server-wide settings give every signed-in user in every workspace (reference §4). */
export function globalWorkspaceRole(settings: GlobalSettings): WorkspaceRole {
  if (settings.globalAdmin) return 'admin';
  if (settings.globalWrite) return 'writer';
  if (settings.globalRead) return 'reader';
  return 'guest';
}

/**
 * A user's effective role in a workspace: superusers own every workspace; others get the higher of their
 * membership role and the global role. Anonymous visitors have none.
 */
export function effectiveWorkspaceRole(
  actor: Actor,
  memberRole: WorkspaceRole | undefined,
  settings: GlobalSettings,
): WorkspaceRole | null {
  if (!actor) return null;
  if (actor.isAdmin) return 'owner';
  const global = globalWorkspaceRole(settings);
  if (!memberRole) return global;
  return workspaceRoleLevel(memberRole) >= workspaceRoleLevel(global) ? memberRole : global;
}

/** Who may see a workspace's details: members of any role, users the global settings let read, superusers. */
export function canViewWorkspace(role: WorkspaceRole | null, isMember: boolean): boolean {
  return isMember || hasWorkspaceRole(role, 'reader');
}

/** Creating users in a workspace (POST /v2/users) is for superusers, as in Mergin CE. */
export function canAddUsers(actor: Actor): boolean {
  return actor?.isAdmin === true;
}
