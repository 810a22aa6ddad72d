import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/database.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** A job the queue runs: on `cron` (minute precision, UTC) and whenever something sends it. */
export type JobDefinition = {
  name: string;
  cron?: string;
  /** Idempotent work: a job may run twice (a crash after the work, before it was marked done). */
  run(): Promise<void>;
};

export type JobQueue = {
  /** Asks for one run soon (any process of the cluster may take it). */
  send(name: string): Promise<void>;
  stop(): Promise<void>;
};

/** pg-boss keeps its tables in this schema of the app's database. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Starts pg-boss on the app's own database (PGlite or PostgreSQL) through its `executeSql`, so jobs need no
 * second connection and several server processes share one queue: each job runs once, wherever a worker is
 * free. New jobs: add a `JobDefinition` to the list given here (see `jobs/jobs.ts`).
 */
export async function startJobQueue(options: {
  executeSql: ExecuteSql;
  jobs: JobDefinition[];
  log: Logger;
  /** Seconds between polls for new jobs (tests use 1). */
  pollingIntervalSeconds?: number;
}): Promise<JobQueue> {
  const { executeSql, jobs, log } = options;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) },
    schema: JOB_SCHEMA,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10, batchSize: 1 },
      async () => {
        try {
          await job.run();
        } catch (error) {
          log.error({ err: error, job: job.name }, 'job failed');
          throw error;
        }
      },
    );
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
  return {
    async send(name) {
      await boss.send(name, {});
    },
    async stop() {
      // The database belongs to the app: pg-boss must not close it.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
