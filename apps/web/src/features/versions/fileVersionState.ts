import { isVersionedFile, type ProjectVersionDetail, type VersionFileChange } from '@waymark/contract';
import { fileChangesetState } from './changesetWaiting.ts';

/**
 * What the file-version page shows for one file in one version, read from the version's detail: the changed rows of
 * an edited GeoPackage (`changeset`, or why not yet: `pending`, `not-calculable`), or why there are none: the file
 * was added (nothing earlier to compare it with), removed, replaced as a whole (not a GeoPackage), or not changed.
 */
export type FileVersionState =
  | { kind: 'changeset'; change: VersionFileChange }
  | { kind: 'pending'; change: VersionFileChange }
  | { kind: 'not-calculable'; change: VersionFileChange; reason: string }
  | { kind: 'added'; change: VersionFileChange }
  | { kind: 'replaced'; change: VersionFileChange }
  | { kind: 'removed'; change: VersionFileChange }
  | { kind: 'unchanged' };

export function fileVersionState(version: ProjectVersionDetail, path: string): FileVersionState {
  const find = (list: VersionFileChange[]) => list.find((change) => change.path === path);
  const removed = find(version.changes.removed);
  if (removed) return { kind: 'removed', change: removed };
  const added = find(version.changes.added);
  if (added) return { kind: 'added', change: added };
  const updated = find(version.changes.updated);
  if (!updated) return { kind: 'unchanged' };
  if (!isVersionedFile(path)) return { kind: 'replaced', change: updated };
  const changeset = fileChangesetState(version, updated);
  if (changeset.kind === 'error') return { kind: 'not-calculable', change: updated, reason: changeset.error };
  if (changeset.kind === 'pending') return { kind: 'pending', change: updated };
  return { kind: 'changeset', change: updated };
}

/**
 * The content of the file in that version, when the version made it (added or changed), so a writer may bring it
 * back; none when the version removed the file or did not touch it, or when the file is the same now.
 */
export function restorableContent(
  state: FileVersionState,
  current: { checksum: string } | undefined,
): VersionFileChange | undefined {
  if (state.kind === 'unchanged' || state.kind === 'removed') return undefined;
  return current?.checksum === state.change.checksum ? undefined : state.change;
}
