import { z } from 'zod';

/** Workspace roles, lowest first (SPEC §3: guest 0 … owner 5). */
export const WORKSPACE_ROLES = ['guest', 'reader', 'editor', 'writer', 'admin', 'owner'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/** Project roles, lowest first (SPEC §3: reader 0 … owner 3). */
export const PROJECT_ROLES = ['reader', 'editor', 'writer', 'owner'] as const;
export const projectRoleSchema = z.enum(PROJECT_ROLES);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

/** Global permission settings, lowest first (SPEC §3: global_read 0 … global_admin 2). */
export const GLOBAL_PERMISSIONS = ['global_read', 'global_write', 'global_admin'] as const;
export type GlobalPermission = (typeof GLOBAL_PERMISSIONS)[number];

/** Minimum project role each global permission level stands for (SPEC §6). */
export const GLOBAL_PERMISSION_PROJECT_ROLE: Record<GlobalPermission, ProjectRole> = {
  global_read: 'reader',
  global_write: 'writer',
  global_admin: 'owner',
};

export function workspaceRoleLevel(role: WorkspaceRole): number {
  return WORKSPACE_ROLES.indexOf(role);
}

export function projectRoleLevel(role: ProjectRole): number {
  return PROJECT_ROLES.indexOf(role);
}

/** True when `role` is at least `required` in the workspace role order. */
export function hasWorkspaceRole(role: WorkspaceRole | null | undefined, required: WorkspaceRole): boolean {
  return role != null && workspaceRoleLevel(role) >= workspaceRoleLevel(required);
}

/** True when `role` is at least `required` in the project role order. */
export function hasProjectRole(role: ProjectRole | null | undefined, required: ProjectRole): boolean {
  return role != null && projectRoleLevel(role) >= projectRoleLevel(required);
}
