import { isIgnoredInComparison, type ProjectFile } from '@waymark/contract';
import { joinProjectPath } from './uploadRules.ts';

/** A file from the user's computer, at the project path it will have. */
export interface LocalFile {
  path: string;
  file: File;
  size: number;
  /** ISO time of the file's last change on the user's computer. */
  mtime: string;
  /** SHA-1 (hex) once analysed. */
  checksum?: string;
  /** SHA-1 (hex) of each upload chunk, to check what the server received. */
  chunkChecksums?: string[];
  /**
   * The project version shown when the file was chosen (`vN`): an updated GeoPackage is merged on a newer
   * version instead of replacing it (issue 28, `base_version` of the push).
   */
  baseVersion?: string;
}

/**
 * What the user asked to change, on top of the project as it is on the server. Kept apart from the
 * project's files so that a refreshed project (somebody else pushed meanwhile) is compared afresh.
 */
export interface UploadOverlay {
  /** Files from the user's computer, by project path. */
  localFiles: Record<string, LocalFile>;
  /**
   * Folders whose content the user replaced by dropping a folder of the same name: project files in
   * them that the drop did not bring are removed. `''` stands for the whole project.
   */
  replacedFolders: string[];
  /** Files and folders the user deleted (the file sidebar's 'Delete file'). */
  removedPaths: string[];
}

export const EMPTY_OVERLAY: UploadOverlay = { localFiles: {}, replacedFolders: [], removedPaths: [] };

/** One dropped or picked thing: a file, or a folder with the files found in it. */
export interface DroppedItem {
  name: string;
  isDirectory: boolean;
  /** The files, by path relative to the item (a file's is its own name). */
  files: { relativePath: string; file: File }[];
}

function isInFolder(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`);
}

function toLocalFile(path: string, file: File, baseVersion: string | undefined): LocalFile {
  const local: LocalFile = { path, file, size: file.size, mtime: new Date(file.lastModified).toISOString() };
  return baseVersion ? { ...local, baseVersion } : local;
}

/**
 * The upload after a drop into the folder `location` of the project (SPEC §4 "Files are selected").
 * A file lands in that folder. A folder lands there too and stands for that folder's new content: what
 * the project held in it and the drop lacks is removed. A single folder named like the project stands
 * for the whole project, wherever it is dropped (the original web client's rule).
 */
export function applyDrop(
  overlay: UploadOverlay,
  items: readonly DroppedItem[],
  location: string,
  projectName: string,
  /** The project version shown while the files were chosen. */
  version?: string,
): UploadOverlay {
  const localFiles = { ...overlay.localFiles };
  const replacedFolders = [...overlay.replacedFolders];
  const [onlyItem] = items;
  const isWholeProject =
    items.length === 1 && onlyItem?.isDirectory === true && onlyItem.name === projectName;

  for (const item of items) {
    const folder = isWholeProject ? '' : joinProjectPath(location, item.isDirectory ? item.name : '');
    if (item.isDirectory) {
      for (const path of Object.keys(localFiles)) {
        if (isInFolder(path, folder)) delete localFiles[path];
      }
      if (!replacedFolders.includes(folder)) replacedFolders.push(folder);
    }
    for (const { relativePath, file } of item.files) {
      const path = joinProjectPath(folder, relativePath);
      localFiles[path] = toLocalFile(path, file, version);
    }
  }
  return { ...overlay, localFiles, replacedFolders };
}

/**
 * The upload after the user deleted files or folders of the project: they are removed by the next push,
 * as are files of the upload in those places.
 */
export function applyRemoval(overlay: UploadOverlay, paths: readonly string[]): UploadOverlay {
  const localFiles = { ...overlay.localFiles };
  for (const path of Object.keys(localFiles)) {
    if (paths.some((removed) => path === removed || isInFolder(path, removed))) delete localFiles[path];
  }
  const removedPaths = [
    ...overlay.removedPaths,
    ...paths.filter((path) => !overlay.removedPaths.includes(path)),
  ];
  return { ...overlay, localFiles, removedPaths };
}

/** How the upload changes the project (SPEC §4 "File diff states"), paths sorted. */
export interface UploadDiff {
  added: string[];
  updated: string[];
  removed: string[];
  /** Local files of paths the project has, whose checksum is still being computed. */
  pending: string[];
  /** added + updated + removed */
  changes: number;
}

const byPath = (left: string, right: string) => left.localeCompare(right);

/** Compares the project's files with the upload; files of ignored endings take no part. */
export function diffUpload(projectFiles: readonly ProjectFile[], overlay: UploadOverlay): UploadDiff {
  const current = new Map(
    projectFiles.filter((file) => !isIgnoredInComparison(file.path)).map((file) => [file.path, file]),
  );
  const added: string[] = [];
  const updated: string[] = [];
  const pending: string[] = [];
  for (const local of Object.values(overlay.localFiles)) {
    if (isIgnoredInComparison(local.path)) continue;
    const existing = current.get(local.path);
    if (!existing) added.push(local.path);
    else if (local.checksum === undefined) pending.push(local.path);
    else if (local.checksum !== existing.checksum) updated.push(local.path);
  }
  const isRemoved = (path: string) =>
    overlay.replacedFolders.some((folder) => isInFolder(path, folder)) ||
    overlay.removedPaths.some((removed) => path === removed || isInFolder(path, removed));
  const removed = [...current.keys()].filter((path) => !(path in overlay.localFiles) && isRemoved(path));
  return {
    added: added.sort(byPath),
    updated: updated.sort(byPath),
    removed: removed.sort(byPath),
    pending: pending.sort(byPath),
    changes: added.length + updated.length + removed.length,
  };
}

/** Bytes to send: the added and updated files (SPEC §2 "the total size of added and updated files"). */
export function uploadSize(diff: Pick<UploadDiff, 'added' | 'updated'>, overlay: UploadOverlay): number {
  return [...diff.added, ...diff.updated].reduce(
    (sum, path) => sum + (overlay.localFiles[path]?.size ?? 0),
    0,
  );
}

/** Local files whose checksum is not known yet. */
export function unanalysedFiles(overlay: UploadOverlay): LocalFile[] {
  return Object.values(overlay.localFiles).filter((local) => local.checksum === undefined);
}
