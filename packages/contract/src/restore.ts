import { z } from 'zod';
import { MAX_FILES_PER_PUSH } from './limits.ts';
import { versionNameSchema } from './version-name.ts';

/**
 * POST /v2/projects/{id}/restore (Waymark's own, issue 28): a new version whose files equal those of `version`
 * (`vN`, as every v2 call names versions), all of them or only `paths`.
 */
export const restoreRequestSchema = z.object({
  version: versionNameSchema,
  paths: z
    .array(z.string().min(1).max(4096))
    .min(1, 'paths must name at least one file')
    .max(MAX_FILES_PER_PUSH, `Too many paths: at most ${MAX_FILES_PER_PUSH} are allowed.`)
    .optional(),
});
export type RestoreRequest = z.input<typeof restoreRequestSchema>;

export const RESTORE_TEXTS = {
  nothingToRestore: (version: string) => `Nothing to restore: the files already equal those of ${version}`,
  unknownPaths: (version: string, paths: string[]) =>
    `Not in ${version} nor in the latest version: ${paths.join(', ')}`,
};

/** What a restore changes, by path: files of the past version to add back, to change back, and to remove. */
export interface RestorePlan<T> {
  added: T[];
  updated: T[];
  removed: T[];
}

/**
 * The one rule of a restore, used by the server to commit it and by the web app to show it before: for `paths`
 * (or every file of either version), a file of the past version missing now is added, one with another checksum
 * updated (to the past file), a file the past version lacked removed (the current file). In path order.
 */
export function planRestore<T extends { path: string; checksum: string }>(
  past: T[],
  latest: T[],
  paths?: string[],
): RestorePlan<T> {
  const then = new Map(past.map((file) => [file.path, file]));
  const now = new Map(latest.map((file) => [file.path, file]));
  const wanted = [...new Set(paths ?? [...then.keys(), ...now.keys()])].sort();
  const plan: RestorePlan<T> = { added: [], updated: [], removed: [] };
  for (const path of wanted) {
    const was = then.get(path);
    const is = now.get(path);
    if (was && !is) plan.added.push(was);
    else if (was && is && was.checksum !== is.checksum) plan.updated.push(was);
    else if (!was && is) plan.removed.push(is);
  }
  return plan;
}
