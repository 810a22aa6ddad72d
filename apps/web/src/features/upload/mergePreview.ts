import { isVersionedFile, type ProjectDetail } from '@waymark/contract';
import { fetchFileHistory, fetchProjectVersion } from '../versions/api/versionsApi.ts';
import type { UploadOverlay } from './uploadChanges.ts';

/** Versions of a file looked at, at most, to count the changes others made since the upload's base. */
const MAX_VERSIONS_COUNTED = 20;

/** An updated GeoPackage of the upload that the server will merge: chosen at `base`, the project at `latest`. */
export interface PendingMerge {
  path: string;
  base: string;
  latest: string;
}

const numberOf = (version: string) => Number(version.slice(1));

/** The updated GeoPackages chosen at a version older than the project's (the push sends their `base_version`). */
export function pendingMerges(
  project: Pick<ProjectDetail, 'version'>,
  overlay: UploadOverlay,
  updated: readonly string[],
): PendingMerge[] {
  return updated.flatMap((path) => {
    const base = overlay.localFiles[path]?.baseVersion;
    if (!base || !isVersionedFile(path) || numberOf(base) >= numberOf(project.version)) return [];
    return [{ path, base, latest: project.version }];
  });
}

/**
 * Rows others changed in a file since `base` (inserted, updated, deleted; one row changed twice counts twice):
 * the sum of the changeset summaries of the versions that changed it since. Undefined when a version has no
 * summary (a changeset still being made, or one that failed) or there are too many to look at.
 */
export async function changesSince(
  project: Pick<ProjectDetail, 'id' | 'namespace' | 'name'>,
  merge: PendingMerge,
): Promise<number | undefined> {
  const history = await fetchFileHistory(project.namespace, project.name, merge.path);
  const versions = Object.keys(history.history).filter((version) => numberOf(version) > numberOf(merge.base));
  if (versions.length > MAX_VERSIONS_COUNTED) return undefined;
  let total = 0;
  for (const version of versions) {
    const changeset = (await fetchProjectVersion(project.id, version)).changesets[merge.path];
    if (!changeset || !('summary' in changeset)) return undefined;
    total += changeset.summary.reduce((sum, table) => sum + table.insert + table.update + table.delete, 0);
  }
  return total;
}
