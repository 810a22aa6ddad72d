import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/database.ts';
import type { QueueSize } from '../lib/metrics.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** A job the queue runs: on `cron` (minute precision, UTC) and whenever something sends it. */
export type JobDefinition = {
  name: string;
  cron?: string;
  /**
   * `short`: at most one job per `singletonKey` waits (a job sent again while one waits is dropped; one sent
   * while one runs waits). Default: every job sent runs.
   */
  policy?: 'short';
  /**
   * A failed run is tried again this often, after `delaySeconds`, doubling each time when `backoff`; a job that
   * failed its last try moves to the `deadLetter` queue, which nothing works on and which keeps it for
   * `keepDays` (default: pg-boss's own 14 days). Default: no retry.
   */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  deadLetter?: { name: string; keepDays: number };
  /**
   * Idempotent work: a job may run twice (a crash after the work, before it was marked done). `attempt` says
   * which try this is (0 first) and whether it is the last.
   */
  run(data: unknown, attempt: { retryCount: number; last: boolean }): Promise<void>;
};

export type SendOptions = {
  singletonKey?: string;
  /** Not before this many seconds from now (a retry's delay). */
  startAfterSeconds?: number;
};

/** Sends jobs; what any part of the app needs to ask for work in the background. */
export type JobSender = {
  /** Asks for one run soon (any process of the cluster may take it; this one is woken at once). */
  send(name: string, data?: object, options?: SendOptions): Promise<void>;
  /** True when sends reach a queue (false before `attach`, and in processes without one). */
  readonly attached?: boolean;
};

export type JobQueue = JobSender & {
  /** Jobs waiting and running per queue (dead-letter queues included), cluster-wide. */
  sizes(): Promise<QueueSize[]>;
  stop(): Promise<void>;
};

/** pg-boss keeps its tables in this schema of the app's database. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Starts pg-boss on the app's own database (PGlite or PostgreSQL) through its `executeSql`, so jobs need no
 * second connection and several server processes share one queue: each job runs once, wherever a worker is
 * free. New jobs: add a `JobDefinition` to the list given here (see `jobs/jobs.ts`).
 */
const MINUTES_PER_DAY = 24 * 60;

export async function startJobQueue(options: {
  executeSql: ExecuteSql;
  jobs: JobDefinition[];
  log: Logger;
  /** Seconds between polls for new jobs (tests use 1). */
  pollingIntervalSeconds?: number;
  /** Told of every failed run (each try), by job name (the metrics count them). */
  onFailure?: (name: string) => void;
}): Promise<JobQueue> {
  const { executeSql, jobs, log } = options;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) },
    schema: JOB_SCHEMA,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const workers = new Map<string, string>();
  for (const job of jobs) {
    if (job.deadLetter) {
      const { name, keepDays } = job.deadLetter;
      await boss.createQueue(name, { name, retentionMinutes: keepDays * MINUTES_PER_DAY });
    }
    const queueOptions = {
      name: job.name,
      ...(job.policy ? { policy: job.policy } : {}),
      ...(job.retry
        ? {
            retryLimit: job.retry.limit,
            retryDelay: job.retry.delaySeconds,
            retryBackoff: job.retry.backoff,
          }
        : {}),
      // pg-boss keeps a dead-letter copy as long as the failed job was kept (its `keep_until` comes from the
      // job's own queue), so the queue of a job with a dead letter keeps its jobs for the dead letter's days.
      ...(job.deadLetter
        ? {
            deadLetter: job.deadLetter.name,
            retentionMinutes: job.deadLetter.keepDays * MINUTES_PER_DAY,
          }
        : {}),
    };
    await boss.createQueue(job.name, queueOptions);
    // createQueue leaves an existing queue as it is: settings changed since the first start apply through this.
    await boss.updateQueue(job.name, queueOptions);
    const worker = await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10, batchSize: 1, includeMetadata: true },
      async ([received]) => {
        try {
          const retryCount = received?.retryCount ?? 0;
          await job.run(received?.data, { retryCount, last: retryCount >= (received?.retryLimit ?? 0) });
        } catch (error) {
          log.error({ err: error, job: job.name }, 'job failed');
          options.onFailure?.(job.name);
          throw error;
        }
      },
    );
    workers.set(job.name, worker);
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
  const queueNames = jobs.flatMap((job) => [job.name, ...(job.deadLetter ? [job.deadLetter.name] : [])]);
  return {
    async sizes() {
      return Promise.all(
        queueNames.map(async (queue) => {
          const waiting = (await boss.getQueueSize(queue)) ?? 0;
          const notDone = (await boss.getQueueSize(queue, { before: 'completed' })) ?? 0;
          return { queue, waiting, active: notDone - waiting };
        }),
      );
    },
    async send(name, data = {}, sendOptions = {}) {
      const { startAfterSeconds, ...rest } = sendOptions;
      await boss.send(name, data, {
        ...rest,
        ...(startAfterSeconds !== undefined ? { startAfter: startAfterSeconds } : {}),
      });
      // This process's worker looks now instead of at its next poll.
      const worker = workers.get(name);
      if (worker && startAfterSeconds === undefined) boss.notifyWorker(worker);
    },
    async stop() {
      // The database belongs to the app: pg-boss must not close it.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}

/**
 * A `JobSender` for the app's context, which exists before the queue starts (the queue runs the context's jobs):
 * sends go nowhere until `attach`. Work that must not be lost is recorded in the database before it is sent, and
 * found again by a sweep when a queue starts (see `services/changeset.service.ts`), so a send before `attach`, or
 * in a process without a queue (the CLI, tests), loses nothing.
 */
export function createJobSender(): JobSender & {
  attach(queue: (JobSender & Partial<Pick<JobQueue, 'sizes'>>) | undefined): void;
  /** The attached queue's sizes; none without a queue. */
  sizes(): Promise<QueueSize[]>;
} {
  let queue: (JobSender & Partial<Pick<JobQueue, 'sizes'>>) | undefined;
  return {
    attach(next) {
      queue = next;
    },
    get attached() {
      return queue !== undefined;
    },
    async sizes() {
      return (await queue?.sizes?.()) ?? [];
    },
    async send(name, data, sendOptions) {
      await queue?.send(name, data, sendOptions);
    },
  };
}
