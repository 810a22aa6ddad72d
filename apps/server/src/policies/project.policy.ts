import {
  abilitiesOfWorkspaceRole,
  effectiveProjectRole as effectiveRole,
  projectAbilities,
  type ProjectPermissions,
  projectPermissionsOf,
  type ProjectRole,
  type ProjectRoleFacts,
  refusedPushPath,
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

/**
 * The first path of a push the caller may not add, change or remove, if any: editors push data and media but no
 * QGIS project file; writers push anything. Every push flavour (v1 now, v2 later) asks this at its start.
 */
export function refusedPushPathOf(f: ProjectAccessFacts, paths: Iterable<string>): string | undefined {
  return refusedPushPath(projectAbilities(f), paths);
}

/**
 * Seeing who has access to a project, with e-mails (GET /app/project/{id}/access): a role of one's own in it or its
 * workspace; being able to read a public project is not enough.
 */
export function canSeeProjectAccess(f: ProjectAccessFacts): boolean {
  return canReadProject({ ...f, isPublic: false });
}

/**
 * Searching users to share with (the share dialog): whoever may share some project of the workspace, i.e. its
 * admins (they manage every project in it), owners of one of its projects, and superusers.
 */
export function canSearchUsersIn(
  actor: Actor,
  workspaceRole: WorkspaceRole | null,
  ownsAProjectThere: boolean,
): boolean {
  return canManageProject({
    user: roleHolderOf(actor),
    isPublic: false,
    memberRole: ownsAProjectThere ? 'owner' : null,
    workspaceRole,
  });
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
