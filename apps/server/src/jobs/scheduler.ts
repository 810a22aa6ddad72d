import type { AppContext } from '../context.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** One pass of housekeeping: purge projects whose retention ended, drop expired sessions. Idempotent. */
export async function runHousekeeping(
  context: AppContext,
  now = new Date(),
): Promise<{ purgedProjects: number }> {
  const purgedProjects = await context.projects.purgeRemoved(now);
  await context.auth.purgeExpiredSessions(now);
  return { purgedProjects };
}

/**
 * Runs housekeeping at start and then hourly. Every step is a single idempotent statement, so several
 * server processes may run it side by side without coordination.
 */
export function startHousekeeping(context: AppContext, log: Logger): () => void {
  const run = () => {
    runHousekeeping(context)
      .then(({ purgedProjects }) => {
        if (purgedProjects > 0) log.info({ purgedProjects }, 'purged deleted projects');
      })
      .catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  };
  run();
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
