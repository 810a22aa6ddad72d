import type { AppConfig } from '../config.ts';
import { type ProjectAccessFacts, readsEveryProject } from '../policies/project.policy.ts';
import type { ProjectRole, WorkspaceRole } from '@waymark/contract';
import { type Actor, effectiveWorkspaceRole, roleHolderOf } from '../policies/workspace.policy.ts';
import type {
  AccessRoles,
  ProjectRepository,
  ProjectRow,
  ProjectWithWorkspace,
  Viewer,
} from '../repositories/project.repository.ts';
import type { WorkspaceRepository } from '../repositories/workspace.repository.ts';

/** How the list queries see a caller: anonymous, or a user with their global reach. */
export function viewerOf(actor: Actor, config: AppConfig): Viewer {
  return actor
    ? {
        kind: 'user',
        userId: actor.id,
        isAdmin: actor.isAdmin,
        readsEveryWorkspace: readsEveryProject(actor, config),
      }
    : { kind: 'anonymous' };
}

/** A signed-in caller's effective role in one workspace (membership, global settings, superuser). */
export async function workspaceRoleOf(
  deps: { config: AppConfig; workspaces: WorkspaceRepository },
  actor: NonNullable<Actor>,
  workspaceId: number,
): Promise<WorkspaceRole | null> {
  return effectiveWorkspaceRole(
    actor,
    await deps.workspaces.findMemberRole(workspaceId, actor.id),
    deps.config,
  );
}

/** The policy facts of many projects for one caller, with two queries in all. */
export async function projectAccessFactsMany(
  deps: { config: AppConfig; projects: ProjectRepository; workspaces: WorkspaceRepository },
  actor: Actor,
  rows: ProjectWithWorkspace[],
): Promise<Array<{ row: ProjectWithWorkspace; facts: ProjectAccessFacts }>> {
  const [projectRoles, workspaceRoles] = actor
    ? await Promise.all([
        deps.projects.memberRolesOf(
          actor.id,
          rows.map((row) => row.project.id),
        ),
        deps.workspaces.memberRolesOf(actor.id, [...new Set(rows.map((row) => row.workspace.id))]),
      ])
    : [new Map<string, ProjectRole>(), new Map<number, WorkspaceRole>()];
  return rows.map((row) => ({
    row,
    facts: {
      user: roleHolderOf(actor),
      isPublic: row.project.public,
      memberRole: projectRoles.get(row.project.id) ?? null,
      workspaceRole: effectiveWorkspaceRole(actor, workspaceRoles.get(row.workspace.id), deps.config),
    },
  }));
}

/** What the project policy needs about one caller and one project, from the caller's member roles. */
export function accessFactsOf(
  config: AppConfig,
  actor: Actor,
  project: Pick<ProjectRow, 'public'>,
  roles: AccessRoles,
): ProjectAccessFacts {
  return {
    user: roleHolderOf(actor),
    isPublic: project.public,
    memberRole: roles.project ?? null,
    workspaceRole: effectiveWorkspaceRole(actor, roles.workspace, config),
  };
}

/** Gathers what the project policy needs about one caller and one project, with one query. */
export async function projectAccessFacts(
  deps: { config: AppConfig; projects: ProjectRepository; workspaces: WorkspaceRepository },
  actor: Actor,
  { project, workspace }: ProjectWithWorkspace,
): Promise<ProjectAccessFacts> {
  const roles = actor
    ? await deps.projects.accessRoles(project.id, workspace.id, actor.id)
    : { project: undefined, workspace: undefined };
  return accessFactsOf(deps.config, actor, project, roles);
}
