import {
  QGIS_PROJECT_EXTENSIONS,
  UPLOAD_IGNORED_ENDINGS,
  VERSIONED_FILE_EXTENSIONS,
} from '@waymark/contract';

/** The extension of a path's file name: what follows its last dot, unless the name starts with it. */
export function fileExtension(path: string): string {
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1) : '';
}

/**
 * SPEC §5: files whose extension ends in -shm, -wal, ~, pyc or swap take no part in an upload: they are
 * SQLite journals, editor backups and caches that change on every open.
 */
export function isIgnoredPath(path: string): boolean {
  const extension = fileExtension(path);
  return UPLOAD_IGNORED_ENDINGS.some((ending) => extension.endsWith(ending));
}

/** SPEC §5: GeoPackage and SQLite files are version-controlled. */
export function isVersionedFile(path: string): boolean {
  return (VERSIONED_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(path).toLowerCase());
}

export function isQgisProjectFile(path: string): boolean {
  return (QGIS_PROJECT_EXTENSIONS as readonly string[]).includes(fileExtension(path).toLowerCase());
}

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
export function blacklistOf(ping: { blacklist_files: string[]; blacklist_dirs: string[] } | undefined) {
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

/** True for a file name that is never uploaded: on the server's list, or an ignored ending. */
export function isSkippedFile(name: string, blacklist: UploadBlacklist): boolean {
  return blacklist.files.includes(name) || isIgnoredPath(name);
}
