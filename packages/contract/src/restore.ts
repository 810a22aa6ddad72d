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
