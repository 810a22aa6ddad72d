import {
  type ChangesetSummary,
  type FileHistoryItem,
  type ProjectFile,
  type ProjectVersionDetail,
  type ProjectVersionListItem,
  versionName,
  type VersionFileChange,
} from '@waymark/contract';
import type { ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { HistoryRow, VersionRow } from '../repositories/version.repository.ts';
import { isoSeconds } from './timestamps.ts';

const CHANGE_NAMES = {
  create: 'added',
  update: 'updated',
  update_diff: 'updated',
  delete: 'removed',
} as const;

/** Waymark's own field: which version a restore brought back (clients ignore it). */
const restoredFromOf = (version: VersionRow) =>
  version.restoredFrom === null ? {} : { restored_from: versionName(version.restoredFrom) };

const diffOf = (row: HistoryRow) =>
  row.change === 'update_diff' && row.diffPath && row.diffChecksum
    ? { diff: { path: row.diffPath, size: row.diffSize ?? 0, checksum: row.diffChecksum } }
    : {};

/** A file's change in a `history` map. */
export function presentHistoryItem(row: HistoryRow): FileHistoryItem {
  return {
    path: row.path,
    size: row.size,
    checksum: row.checksum,
    change: CHANGE_NAMES[row.change],
    ...diffOf(row),
  };
}

/** A file as it was stored by a change (the file list of a past version). */
export function presentStoredFile(row: HistoryRow): ProjectFile {
  return {
    path: row.path,
    size: row.size,
    checksum: row.checksum,
    mtime: isoSeconds(row.mtime),
    ...diffOf(row),
  };
}

export function presentVersionFileChange(row: HistoryRow): VersionFileChange {
  return { ...presentHistoryItem(row), mtime: isoSeconds(row.mtime) };
}

export function presentVersionListItem(
  version: VersionRow,
  { project, workspace }: ProjectWithWorkspace,
): ProjectVersionListItem {
  return {
    name: versionName(version.number),
    author: version.author,
    created: isoSeconds(version.createdAt),
    project_name: project.name,
    namespace: workspace.name,
    project_size: version.projectSize,
    changes: {
      added: version.added,
      updated: version.updated,
      updated_diff: version.updatedDiff,
      removed: version.removed,
    },
    ...restoredFromOf(version),
  };
}

/** Waymark's own field: a browser upload merged on newer files (clients ignore it). */
const mergeOf = (version: VersionRow) => (version.merge ? { merge: version.merge } : {});

export function presentVersionDetail(
  version: VersionRow,
  { project, workspace }: ProjectWithWorkspace,
  changes: HistoryRow[],
): ProjectVersionDetail {
  const of = (name: 'added' | 'updated' | 'removed') =>
    changes.filter((row) => CHANGE_NAMES[row.change] === name).map(presentVersionFileChange);
  return {
    name: versionName(version.number),
    author: version.author,
    created: isoSeconds(version.createdAt),
    project_name: project.name,
    namespace: workspace.name,
    user_agent: version.userAgent,
    project_size: version.projectSize,
    changes: { added: of('added'), updated: of('updated'), removed: of('removed') },
    changesets: Object.fromEntries(
      changes.flatMap((row) => {
        const changeset = presentChangeset(row);
        return changeset ? [[row.path, changeset]] : [];
      }),
    ),
    ...restoredFromOf(version),
    ...mergeOf(version),
  };
}

/**
 * A file's changeset in a version detail: its summary once computed, or why there is none. Changesets still
 * being computed, new files and other files have no entry.
 */
export function presentChangeset(row: HistoryRow): ChangesetSummary | undefined {
  if (row.changesetStatus === 'ready') {
    return { summary: row.changesetSummary ?? [], size: row.changesetSize ?? 0 };
  }
  if (row.changesetStatus === 'error') {
    return { error: row.changesetError ?? '', size: row.changesetSize ?? 0 };
  }
  return undefined;
}
