import { z } from 'zod';

/**
 * Browser uploads that merge (issue 28): an updated GeoPackage carries `base_version`, the project version shown
 * when the user chose the file. When the file changed on the server since, the server rebases the user's edits on
 * the latest file as the Mergin clients do (geodiff's rules) instead of overwriting it.
 */

/** One GeoPackage of a merged upload, in the version info (`merge.files`). */
export const mergedFileSchema = z.object({
  path: z.string(),
  /** Rows others changed since `base` (inserted, updated, deleted), kept in the merged file. */
  kept: z.number().int(),
  /** Fields both sides changed to different values: the upload's value won, the other is in `conflict_file`. */
  conflicts: z.number().int(),
  /** The edit-conflict file added beside it, named as the Mergin clients name theirs. */
  conflict_file: z.string().optional(),
  /** Why it could not be merged and the upload replaced the file as it was (a schema change, an engine refusal). */
  overwritten: z.string().optional(),
});
export type MergedFile = z.infer<typeof mergedFileSchema>;

/** Waymark's own field of the version info (the clients ignore it): the upload was based on `base`. */
export const versionMergeSchema = z.object({
  base: z.string(),
  files: z.array(mergedFileSchema),
});
export type VersionMerge = z.infer<typeof versionMergeSchema>;

/**
 * The name of the edit-conflict file of `path`, as the Mergin clients make it (python-api-client
 * `edit_conflict_file_name`): `<folder>/<name without its extensions> (edit conflict, <user> v<version>).json`.
 */
export function editConflictFileName(path: string, user: string, version: number): string {
  const slash = path.lastIndexOf('/');
  const folder = path.slice(0, slash + 1);
  const tail = path.slice(slash + 1);
  // Path(tail).suffixes: every '.x' after the first character, e.g. 'a.tar.gz' → '.tar.gz'.
  const dot = tail.indexOf('.', 1);
  const stem = dot > 0 ? tail.slice(0, dot) : tail;
  return `${folder}${stem} (edit conflict, ${user} v${version}).json`;
}

/** The n-th other name for a file name taken (`unique_path_name`: 'a (x).json' → 'a (x) (1).json'). */
export function numberedFileName(path: string, n: number): string {
  return path.replace(/\.json$/, ` (${n}).json`);
}

/** The web app's texts of merged uploads (upload panel and version sidebar). */
export const MERGE_TEXTS = {
  /** Upload panel, per updated GeoPackage the project changed since it was chosen. */
  willMerge: (path: string, base: string, latest: string, kept: number | undefined) =>
    kept === undefined
      ? `${path} was chosen at ${base}; the project is at ${latest} now. Changes others made since ${base} will be kept and yours added on top.`
      : kept === 0
        ? `${path} was chosen at ${base}; the project is at ${latest} now. Nobody changed ${path} since ${base}: your file replaces it.`
        : `${path}: ${kept} ${kept === 1 ? 'feature' : 'features'} changed since ${base} by others will be kept, and your changes added on top.`,
  sameField:
    'Where you and others changed the same field of a feature, your value is kept and theirs is saved to an edit-conflict file beside it.',
  counting: 'Counting the changes made since…',
  /** Version sidebar. */
  mergedLabel: 'Merged upload',
  merged: (path: string, base: string, kept: number) =>
    `${path} was uploaded based on ${base}: ${kept} ${kept === 1 ? 'change' : 'changes'} by others kept.`,
  conflictFile: (file: string, conflicts: number) =>
    `${conflicts} ${conflicts === 1 ? 'field' : 'fields'} edited on both sides: the other values are in ${file}.`,
  overwritten: (path: string, base: string, reason: string) =>
    `${path} could not be merged with the changes since ${base} and replaced the file as uploaded: ${reason}`,
  /** Upload finished (toast). */
  finishedMerged: (files: number, conflictFiles: string[]) =>
    conflictFiles.length === 0
      ? `Upload merged with the latest version (${files} ${files === 1 ? 'GeoPackage' : 'GeoPackages'}).`
      : `Upload merged with the latest version. Edits made on both sides are listed in ${conflictFiles.join(', ')}.`,
  finishedOverwritten: (paths: string[]) =>
    `Warning: ${paths.join(', ')} could not be merged with the newer version and replaced it as uploaded. See the version's details.`,
};
