import {
  type ChangesetSummary,
  isVersionedFile,
  type ProjectVersionDetail,
  type VersionFileChange,
} from '@waymark/contract';
import { CHANGESET_POLL_MAX } from '../../lib/constants.ts';

/**
 * Where a changed file's changeset stands in a version's detail: computed (`summary`), failed (`error`),
 * still being computed by the server's job (`pending`: an edited GeoPackage without an entry yet), or
 * none to show (any other file).
 */
export type FileChangesetState =
  | { kind: 'summary'; changeset: Extract<ChangesetSummary, { summary: unknown }> }
  | { kind: 'error'; error: string }
  | { kind: 'pending' }
  | { kind: 'none' };

/**
 * The server leaves a file out of `changesets` until its background job computed the changeset. Only
 * edited GeoPackages are waited for: an added one may have no changeset (nothing to compare it with), and
 * if the server lists one anyway it is shown.
 */
export function fileChangesetState(
  version: ProjectVersionDetail,
  change: VersionFileChange,
): FileChangesetState {
  const changeset = version.changesets[change.path];
  if (changeset) {
    return 'error' in changeset ? { kind: 'error', error: changeset.error } : { kind: 'summary', changeset };
  }
  if (change.change === 'updated' && isVersionedFile(change.path)) return { kind: 'pending' };
  return { kind: 'none' };
}

/** True while some edited GeoPackage of the version still waits for its changeset. */
export function hasPendingChangesets(version: ProjectVersionDetail | undefined): boolean {
  return (
    version !== undefined &&
    version.changes.updated.some((change) => fileChangesetState(version, change).kind === 'pending')
  );
}

/**
 * Whether the version detail is asked for again by itself: while changesets are pending, for at most
 * CHANGESET_POLL_MAX more answers after the first (then the sidebar offers 'Check again').
 */
export function isPollingChangesets(state: {
  data: ProjectVersionDetail | undefined;
  dataUpdateCount: number;
}): boolean {
  return hasPendingChangesets(state.data) && state.dataUpdateCount <= CHANGESET_POLL_MAX;
}
