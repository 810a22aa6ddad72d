import { EDITOR_QGIS_FILE_TEXT } from '@waymark/contract';
import { forbidden } from '../lib/errors.ts';
import { type ProjectAccessFacts, refusedPushPathOf } from '../policies/project.policy.ts';

/** The paths of a push, as declared or as validated and stored with its transaction. */
export type PushedPaths = Record<'added' | 'updated' | 'removed', ReadonlyArray<{ path: string }>>;

/**
 * The permission check of every push flavour (v1 and v2), on the declared paths before anything is validated or
 * stored, and again on every chunk and at finish (`services/push-guard.ts`): editors may push data and media but
 * not add, change or remove QGIS project files (403 naming the file). Who may push at all (editors and up) is the
 * caller's `requireProject` check.
 */
export function assertMayPushChanges(facts: ProjectAccessFacts, changes: PushedPaths): void {
  assertMayPushPaths(
    facts,
    [...changes.added, ...changes.updated, ...changes.removed].map((file) => file.path),
  );
}

/** The same check on the paths a version would change (a restore's). */
export function assertMayPushPaths(facts: ProjectAccessFacts, paths: string[]): void {
  const refused = refusedPushPathOf(facts, paths);
  if (refused !== undefined) throw forbidden(EDITOR_QGIS_FILE_TEXT(refused));
}
