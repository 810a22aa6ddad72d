import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from './logger.ts';

/** Queue sizes of the job queue: jobs waiting (created or retrying) and running, per queue. */
export type QueueSize = { queue: string; waiting: number; active: number };

/** What the metrics read when Prometheus scrapes: each source answers within `SCRAPE_TIMEOUT_MS` or is left out. */
export type MetricSources = {
  /** Connections of the database pool (PGlite: its one connection). */
  connections?: () => { total: number; idle?: number; waiting?: number };
  /** Pushes open across the cluster (rows of `uploads`). */
  openPushes?: () => Promise<number>;
  /** Sizes of the job queues (from pg-boss; empty in a process without a queue). */
  queueSizes?: () => Promise<QueueSize[]>;
};

/** The longest a scrape waits for the database's numbers; a slow database must not hang the scrape. */
export const SCRAPE_TIMEOUT_MS = 2000;

const within = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

/**
 * The Prometheus metrics of one server process (prom-client, a registry of its own per app): HTTP requests by
 * route pattern, bytes pushed and downloaded, chunk uploads in progress, open pushes, job queues, the database
 * pool, and Node's process metrics. Counters and the histogram are this process's; the open pushes and queue
 * sizes are read from the database on each scrape and are the same in every process of a cluster.
 */
export function createMetrics(deps: { log: Logger }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let sources: MetricSources = {};

  /** Runs a database read of a scrape; on failure or timeout its gauge is left empty and the reason logged. */
  const read = async <T>(what: string, work: (() => Promise<T>) | undefined): Promise<T | undefined> => {
    if (!work) return undefined;
    try {
      return await within(work(), SCRAPE_TIMEOUT_MS);
    } catch (error) {
      deps.log.warn({ err: error, metric: what }, 'metrics: could not read a value');
      return undefined;
    }
  };

  const httpLabels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: httpLabels,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status.',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    registers: [registry],
  });
  const pushedBytes = new Counter({
    name: 'waymark_pushed_bytes_total',
    help: 'Bytes of upload chunks stored (v1 and v2 pushes).',
    registers: [registry],
  });
  const downloadedBytes = new Counter({
    name: 'waymark_downloaded_bytes_total',
    help: 'Bytes sent by the download calls (raw files, diffs, zips), headers included.',
    registers: [registry],
  });
  const chunkUploads = new Gauge({
    name: 'waymark_chunk_uploads_in_progress',
    help: 'Upload chunks this process is receiving right now.',
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'waymark_job_failures_total',
    help: 'Job runs that failed in this process (each failed try), by queue.',
    labelNames: ['queue'],
    registers: [registry],
  });
  new Gauge({
    name: 'waymark_pushes_open',
    help: 'Pushes started and not yet finished, cancelled or expired, in the whole cluster (from the database).',
    registers: [registry],
    async collect() {
      const open = await read('waymark_pushes_open', sources.openPushes);
      this.reset();
      if (open !== undefined) this.set(open);
    },
  });
  const queueActive = new Gauge({
    name: 'waymark_job_queue_active',
    help: 'Jobs running now, by queue, in the whole cluster (from the database).',
    labelNames: ['queue'],
    registers: [registry],
  });
  new Gauge({
    name: 'waymark_job_queue_depth',
    help: 'Jobs waiting to run (new or waiting for a retry), by queue, in the whole cluster (from the database).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const sizes = await read('waymark_job_queue_depth', sources.queueSizes);
      this.reset();
      queueActive.reset();
      for (const { queue, waiting, active } of sizes ?? []) {
        this.set({ queue }, waiting);
        queueActive.set({ queue }, active);
      }
    },
  });
  new Gauge({
    name: 'waymark_db_pool_connections',
    help: 'Database connections of this process by state: total (open), idle, waiting (queries waiting for one).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const pool = sources.connections?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      if (pool.idle !== undefined) this.set({ state: 'idle' }, pool.idle);
      if (pool.waiting !== undefined) this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    /** Where the scrape reads the database's numbers from; given once the pieces exist. */
    setSources(next: MetricSources): void {
      sources = { ...sources, ...next };
    },
    /** One answered HTTP request; `route` is the matched pattern, never the raw address. */
    requestAnswered(labels: { method: string; route: string; status: number }, seconds: number): void {
      const values = { ...labels, status: String(labels.status) };
      requests.inc(values);
      durations.observe(values, seconds);
    },
    chunkWritten: (bytes: number) => pushedBytes.inc(bytes),
    downloaded: (bytes: number) => downloadedBytes.inc(bytes),
    chunkUploadStarted: () => chunkUploads.inc(),
    chunkUploadEnded: () => chunkUploads.dec(),
    jobFailed: (queue: string) => jobFailures.inc({ queue }),
    contentType: registry.contentType,
    /** The text exposition of every metric (what `/metrics` answers). */
    render: () => registry.metrics(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
