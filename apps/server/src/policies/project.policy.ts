import {
  abilitiesOfWorkspaceRole,
  effectiveProjectRole as effectiveRole,
  projectAbilities,
  type ProjectPermissions,
  projectPermissionsOf,
  type ProjectRole,
  type ProjectRoleFacts,
  type WorkspaceRole,
} from '@waymark/contract';
import { type Actor, effectiveWorkspaceRole, type GlobalSettings, roleHolderOf } from './workspace.policy.ts';

/** What decides a caller's rights on one project (reference §4): the contract's facts. */
export type ProjectAccessFacts = ProjectRoleFacts;

/** Read: see the project, its files and history. */
export function canReadProject(f: ProjectAccessFacts): boolean {
  return projectAbilities(f).read;
}

/** Edit: collect features (editor and up). Also the `upload` flag of the API permissions. */
export function canEditProject(f: ProjectAccessFacts): boolean {
  return projectAbilities(f).edit;
}

/** Upload: push any file (writer and up). */
export function canUploadToProject(f: ProjectAccessFacts): boolean {
  return projectAbilities(f).upload;
}

/** Update (access, public flag, rename) and delete: project owners and workspace admins. */
export function canManageProject(f: ProjectAccessFacts): boolean {
  return projectAbilities(f).manage;
}

/** The role reported to clients: the highest permission the caller passes. */
export function effectiveProjectRole(f: ProjectAccessFacts): ProjectRole | null {
  return effectiveRole(f);
}

export function projectPermissions(f: ProjectAccessFacts): ProjectPermissions {
  return projectPermissionsOf(projectAbilities(f));
}

/** Creating and cloning into a workspace needs its admin role (reference §4); superusers own every one. */
export function canCreateProjectIn(actor: Actor, workspaceRole: WorkspaceRole | null): boolean {
  const role = roleHolderOf(actor)?.isSuperuser ? 'owner' : workspaceRole;
  return abilitiesOfWorkspaceRole(role, false).createProjects;
}

/**
 * Whether a user reads every project, even private ones in workspaces they are no member of (a global
 * permission, or superuser status): the SQL list filter then needs no membership test.
 */
export function readsEveryProject(actor: NonNullable<Actor>, settings: GlobalSettings): boolean {
  return canReadProject({
    user: roleHolderOf(actor),
    isPublic: false,
    memberRole: null,
    workspaceRole: effectiveWorkspaceRole(actor, undefined, settings),
  });
}
