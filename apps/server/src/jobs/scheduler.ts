import type { AppContext } from '../context.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** Blobs younger than this are never collected: they may belong to an upload that has not committed yet. */
export const BLOB_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * One pass of housekeeping: purge projects whose retention ended, then the file bytes nothing refers to any
 * more, expired sessions and the mail-limit entries older than every window. Idempotent.
 */
export async function runHousekeeping(
  context: AppContext,
  now = new Date(),
): Promise<{ purgedProjects: number; deletedBlobs: number }> {
  const purgedProjects = await context.projects.purgeRemoved(now);
  const deletedBlobs = await context.storage.collectUnreferenced(new Date(now.getTime() - BLOB_GRACE_MS));
  await context.auth.purgeExpiredSessions(now);
  await context.mailThrottle.purgeExpired(now);
  return { purgedProjects, deletedBlobs };
}

/**
 * Runs housekeeping at start and then hourly. Every step is a single idempotent statement, so several
 * server processes may run it side by side without coordination.
 */
export function startHousekeeping(context: AppContext, log: Logger): () => void {
  const run = () => {
    runHousekeeping(context)
      .then(({ purgedProjects, deletedBlobs }) => {
        if (purgedProjects > 0 || deletedBlobs > 0)
          log.info({ purgedProjects, deletedBlobs }, 'housekeeping');
      })
      .catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  };
  run();
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
