import type { ProjectFile } from '@waymark/contract';
import { createContext, useContext } from 'react';

/** How a browser upload that is being prepared changes one file (SPEC §4 "File diff states"). */
export type PendingFileState = 'added' | 'updated' | 'removed';

/**
 * The files of a browser upload not yet pushed, as the upload feature (features/upload) knows them: the
 * Files tab lists its added files beside the project's, and the file detail sidebar shows the New /
 * Modified / Deleted banner and the new size of an updated file (SPEC §2 "File detail sidebar").
 */
export interface PendingFileChanges {
  /** The local files of the upload by path: the new content of added and updated files. */
  files: Record<string, ProjectFile>;
  added: string[];
  updated: string[];
  removed: string[];
}

/**
 * The slot through which the upload feature tells the files browser about its pending changes: it wraps
 * the Files tab in `<PendingFileChangesContext value={…}>`. Without it nothing is pending.
 */
export const PendingFileChangesContext = createContext<PendingFileChanges | null>(null);

export function usePendingFileChanges(): PendingFileChanges | null {
  return useContext(PendingFileChangesContext);
}

/** The pending state of one path, if any. */
export function pendingStateOf(
  changes: PendingFileChanges | null,
  path: string,
): PendingFileState | undefined {
  if (!changes) return undefined;
  if (changes.added.includes(path)) return 'added';
  if (changes.removed.includes(path)) return 'removed';
  if (changes.updated.includes(path)) return 'updated';
  return undefined;
}

/** The project's files plus the files an upload would add (the original app listed both). */
export function filesWithPending(files: ProjectFile[], changes: PendingFileChanges | null): ProjectFile[] {
  if (!changes || changes.added.length === 0) return files;
  const known = new Set(files.map((file) => file.path));
  const added = changes.added
    .filter((path) => !known.has(path))
    .map((path) => changes.files[path])
    .filter((file): file is ProjectFile => file !== undefined);
  return [...files, ...added];
}
