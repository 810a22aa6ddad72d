import { PROJECT_TEXTS } from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { DomainError, forbidden, notFound } from '../lib/errors.ts';
import { canEditProject } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { assertMayPushChanges, type PushedPaths } from '../push/push-permission.ts';
import type { AccessRoles } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { accessFactsOf } from './project-access.ts';

/** What the push permission is decided on: the project (undefined when gone) and the caller's roles in it. */
export type PushAccess = { isPublic: boolean; removed: boolean; roles: AccessRoles } | undefined;

/**
 * The push permission asked again while a transaction is open (issue 22 §2): on every chunk and at finish, so a
 * writer removed from the workspace or the project, or lowered to reader, after the start can no longer upload or
 * commit. Same rules as the start: 404 when the project is gone or scheduled for deletion, 403
 * `You do not have permissions for this project` below editor, 403 naming the file for an editor's QGIS project
 * file. On a refusal `onRefused` runs first (the caller cancels the transaction: its lock and its bytes).
 */
export async function assertMayStillPush(input: {
  config: AppConfig;
  actor: NonNullable<Actor>;
  access: PushAccess;
  changes: PushedPaths;
  onRefused: () => Promise<void>;
}): Promise<void> {
  try {
    const { access } = input;
    if (!access || access.removed) throw notFound(PROJECT_TEXTS.notFound);
    const facts = accessFactsOf(input.config, input.actor, { public: access.isPublic }, access.roles);
    if (!canEditProject(facts)) throw forbidden(PROJECT_TEXTS.noPermission);
    assertMayPushChanges(facts, input.changes);
  } catch (error) {
    if (error instanceof DomainError && (error.kind === 'forbidden' || error.kind === 'not-found')) {
      await input.onRefused();
    }
    throw error;
  }
}

/** `assertMayStillPush` with the project and the caller's roles read by one query of its own (the finish's). */
export function createPushGuard(deps: { config: AppConfig; repos: Repositories }) {
  const { config, repos } = deps;
  return async function assertStillMayPush(input: {
    actor: NonNullable<Actor>;
    projectId: string;
    changes: PushedPaths;
    onRefused: () => Promise<void>;
  }): Promise<void> {
    const found = await repos.projects.findByIdForCaller(input.projectId, input.actor.id);
    await assertMayStillPush({
      config,
      actor: input.actor,
      access: found && {
        isPublic: found.project.public,
        removed: found.project.removedAt !== null,
        roles: found.roles,
      },
      changes: input.changes,
      onRefused: input.onRefused,
    });
  };
}

export type PushGuard = ReturnType<typeof createPushGuard>;
