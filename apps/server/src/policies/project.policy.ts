import {
  hasProjectRole,
  hasWorkspaceRole,
  type ProjectPermissions,
  type ProjectRole,
  type WorkspaceRole,
} from '@waymark/contract';
import type { Actor } from './workspace.policy.ts';

/** What decides a caller's rights on one project (reference §4). */
export type ProjectAccessFacts = {
  actor: Actor;
  isPublic: boolean;
  /** The caller's explicit project role, if any. */
  memberRole: ProjectRole | undefined;
  /** The caller's effective role in the project's workspace (membership, global settings, superuser). */
  workspaceRole: WorkspaceRole | null;
};

export function canReadProject(f: ProjectAccessFacts): boolean {
  return (
    f.actor?.isAdmin === true ||
    f.isPublic ||
    hasProjectRole(f.memberRole, 'reader') ||
    hasWorkspaceRole(f.workspaceRole, 'reader')
  );
}

/** Edit: collect features (editor and up). Also the `upload` flag of the API permissions. */
export function canEditProject(f: ProjectAccessFacts): boolean {
  return (
    f.actor?.isAdmin === true ||
    hasProjectRole(f.memberRole, 'editor') ||
    hasWorkspaceRole(f.workspaceRole, 'editor')
  );
}

/** Upload: push any file (writer and up). */
export function canUploadToProject(f: ProjectAccessFacts): boolean {
  return (
    f.actor?.isAdmin === true ||
    hasProjectRole(f.memberRole, 'writer') ||
    hasWorkspaceRole(f.workspaceRole, 'writer')
  );
}

/** Update (access, public flag, rename) and delete: project owners and workspace admins. */
export function canManageProject(f: ProjectAccessFacts): boolean {
  return (
    f.actor?.isAdmin === true ||
    hasProjectRole(f.memberRole, 'owner') ||
    hasWorkspaceRole(f.workspaceRole, 'admin')
  );
}

/** The role reported to clients: the highest permission the caller passes. */
export function effectiveProjectRole(f: ProjectAccessFacts): ProjectRole | null {
  if (canManageProject(f)) return 'owner';
  if (canUploadToProject(f)) return 'writer';
  if (canEditProject(f)) return 'editor';
  if (canReadProject(f)) return 'reader';
  return null;
}

export function projectPermissions(f: ProjectAccessFacts): ProjectPermissions {
  const canManage = canManageProject(f);
  return { upload: canEditProject(f), update: canManage, delete: canManage };
}

/** Creating and cloning into a workspace needs its admin role (reference §4). */
export function canCreateProjectIn(actor: Actor, workspaceRole: WorkspaceRole | null): boolean {
  return actor?.isAdmin === true || hasWorkspaceRole(workspaceRole, 'admin');
}
