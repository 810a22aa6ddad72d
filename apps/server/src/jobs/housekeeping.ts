import type { AppContext } from '../context.ts';

/** Blobs younger than this are never collected: they may belong to an upload that has not committed yet. */
export const BLOB_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * One pass of housekeeping: purge projects whose retention ended, then the file bytes nothing refers to any
 * more, expired sessions, the mail-limit entries older than every window and login attempts older than
 * `LOGIN_HISTORY_DAYS`; then sends the changeset job again for versions still pending; then the prepared zips of
 * downloads unused for a day go, and zips whose job was lost get it again; last, the map's disk cache is pruned
 * to MAP_CACHE_MAX_BYTES, least recently used files first. Idempotent: every step is one statement (or removes
 * files another run may have removed already), so several processes may run it side by side.
 */
export async function runHousekeeping(
  context: AppContext,
  now = new Date(),
): Promise<{
  purgedProjects: number;
  deletedBlobs: number;
  purgedLoginAttempts: number;
  pendingChangesetVersions: number;
  expiredArchives: number;
  resentArchives: number;
  prunedMapCacheFiles: number;
}> {
  const purgedProjects = await context.projects.purgeRemoved(now);
  const deletedBlobs = await context.storage.collectUnreferenced(new Date(now.getTime() - BLOB_GRACE_MS));
  await context.auth.purgeExpiredSessions(now);
  // Personal access tokens that expired or whose user's token epoch moved on (password change, deactivation…).
  await context.accessTokens.purgeEnded(now);
  // Single sign-on attempts never finished at the provider.
  await context.sso.purgeExpiredStates(now);
  await context.mailThrottle.purgeExpired(now);
  const purgedLoginAttempts = await context.auth.purgeOldLoginAttempts(now);
  const pendingChangesetVersions = await context.changesets.sweep();
  const archives = await context.archives.sweep(now);
  const mapCache = await context.map.pruneCache(now);
  return {
    purgedProjects,
    deletedBlobs,
    purgedLoginAttempts,
    pendingChangesetVersions,
    ...archives,
    prunedMapCacheFiles: mapCache.files,
  };
}
