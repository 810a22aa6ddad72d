import type { AppConfig } from '../config.ts';
import type { ProjectAccessFacts } from '../policies/project.policy.ts';
import { type Actor, effectiveWorkspaceRole } from '../policies/workspace.policy.ts';
import type { ProjectRepository, ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { WorkspaceRepository } from '../repositories/workspace.repository.ts';

/** Gathers what the project policy needs about one caller and one project. */
export async function projectAccessFacts(
  deps: { config: AppConfig; projects: ProjectRepository; workspaces: WorkspaceRepository },
  actor: Actor,
  { project, workspace }: ProjectWithWorkspace,
): Promise<ProjectAccessFacts> {
  const [memberRole, workspaceMemberRole] = actor
    ? await Promise.all([
        deps.projects.memberRole(project.id, actor.id),
        deps.workspaces.findMemberRole(workspace.id, actor.id),
      ])
    : [undefined, undefined];
  return {
    actor,
    isPublic: project.public,
    memberRole,
    workspaceRole: effectiveWorkspaceRole(actor, workspaceMemberRole, deps.config),
  };
}
