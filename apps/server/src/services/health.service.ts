import type { AliveResponse } from '@waymark/contract';
import type { Logger } from '../lib/logger.ts';
import { unavailable } from '../lib/errors.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { MaintenanceService } from './maintenance.service.ts';

/** How long the database may take to answer the health check before it counts as unreachable. */
export const ALIVE_TIMEOUT_MS = 5000;

export const DATABASE_UNREACHABLE = 'The database cannot be reached.';

/** The health check of load balancers and monitoring (`POST /alive`, as the reference server). */
export function createHealthService(deps: {
  repos: Repositories;
  maintenance: MaintenanceService;
  log: Logger;
}) {
  const { repos, maintenance, log } = deps;
  return {
    /** Asks the database a trivial query; 503 when it fails or takes longer than `ALIVE_TIMEOUT_MS`. */
    async alive(): Promise<AliveResponse> {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          repos.health.ping(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${ALIVE_TIMEOUT_MS} ms`)),
              ALIVE_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        // The reason (addresses, driver messages) goes to the log, not to the anonymous caller.
        log.error({ err: error }, 'health check: the database cannot be reached');
        throw unavailable(DATABASE_UNREACHABLE);
      } finally {
        clearTimeout(timer);
      }
      const elapsed = performance.now() - started;
      return { processing_time_ms: Math.round(elapsed * 100) / 100, maintenance: await maintenance.isOn() };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
