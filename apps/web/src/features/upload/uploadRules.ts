import { isIgnoredInComparison, isQgisProjectFile, isVersionedFile } from '@waymark/contract';

/**
 * Updating a GeoPackage or a QGIS project from the browser overwrites whatever others synced meanwhile,
 * so such an upload is confirmed first (SPEC §2 "Upload confirmation"); anything else starts directly.
 */
export function needsUploadConfirmation(updatedPaths: readonly string[]): boolean {
  return updatedPaths.some((path) => isVersionedFile(path) || isQgisProjectFile(path));
}

/** Joins project path segments with `/`, leaving out empty ones and stray slashes. */
export function joinProjectPath(...segments: string[]): string {
  return segments
    .flatMap((segment) => segment.split('/'))
    .filter((part) => part !== '')
    .join('/');
}

/** The server's lists of names never uploaded (GET /ping `blacklist_files`, `blacklist_dirs`). */
export interface UploadBlacklist {
  files: readonly string[];
  dirs: readonly string[];
}

export const EMPTY_BLACKLIST: UploadBlacklist = { files: [], dirs: [] };

/** The blacklist of a /ping answer; directory entries may carry a trailing slash (`.mergin/`). */
export function blacklistOf(
  ping: { blacklist_files: string[]; blacklist_dirs: string[] } | undefined,
): UploadBlacklist {
  if (!ping) return EMPTY_BLACKLIST;
  return {
    files: ping.blacklist_files,
    dirs: ping.blacklist_dirs.map((dir) => dir.replace(/\/+$/, '')),
  };
}

/** True for a folder name whose content is never uploaded (e.g. `.mergin`). */
export function isBlacklistedDir(name: string, blacklist: UploadBlacklist): boolean {
  return blacklist.dirs.includes(name);
}

/**
 * True for a file name that is never uploaded: on the server's list, or one of the side files that the
 * sync clients ignore (SPEC §5: endings -shm, -wal, ~, pyc, swap).
 */
export function isSkippedFile(name: string, blacklist: UploadBlacklist): boolean {
  return blacklist.files.includes(name) || isIgnoredInComparison(name);
}
