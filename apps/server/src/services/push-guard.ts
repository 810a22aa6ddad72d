import { DomainError } from '../lib/errors.ts';
import { canEditProject } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { assertMayPushChanges, type PushedPaths } from '../push/push-permission.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { ProjectService } from './project.service.ts';

/**
 * The push permission asked again while a transaction is open (issue 22 §2): on every chunk and at finish, so a
 * writer removed from the workspace or the project, or lowered to reader, after the start can no longer upload or
 * commit. Same rules as the start: 404 when the project is gone or scheduled for deletion, 403
 * `You do not have permissions for this project` below editor, 403 naming the file for an editor's QGIS project
 * file. On a refusal `onRefused` runs first (the caller cancels the transaction: its lock and its bytes).
 */
export function createPushGuard(deps: { repos: Repositories; projectService: ProjectService }) {
  const { repos, projectService } = deps;
  return async function assertStillMayPush(input: {
    actor: NonNullable<Actor>;
    projectId: string;
    changes: PushedPaths;
    onRefused: () => Promise<void>;
  }): Promise<void> {
    try {
      const { facts } = await projectService.requireProject(
        input.actor,
        await repos.projects.findById(input.projectId),
        canEditProject,
      );
      assertMayPushChanges(facts, input.changes);
    } catch (error) {
      if (error instanceof DomainError && (error.kind === 'forbidden' || error.kind === 'not-found')) {
        await input.onRefused();
      }
      throw error;
    }
  };
}

export type PushGuard = ReturnType<typeof createPushGuard>;
