import { Piscina } from 'piscina';
import type { TableSummary } from '@waymark/gpkg-diff';
// Loaded on the main thread for its side effect: better-sqlite3 takes SQLite URI filenames only when SQLITE_USE_URI=1
// is in the real process environment as its addon loads, which a worker thread cannot set; the package sets it when
// imported on the main thread (see its README). So the workers open stored blobs `immutable=1`, instead of copying
// WAL-mode blobs to a temporary folder first.
import '@waymark/gpkg-diff';
import type { EngineFailureKind, EngineResult } from './engine-worker.ts';

/** A refusal of the GeoPackage engine: a schema change, a changeset that does not apply, an unreadable file. */
export class EngineError extends Error {
  constructor(
    readonly kind: EngineFailureKind,
    /** Fit for users (no server paths), except for `internal` failures, which callers log instead of showing. */
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'EngineError';
  }
}

/**
 * The GeoPackage changeset engine off the event loop: every call runs in a worker thread of a small pool, so a
 * diff of 200,000 rows never holds up requests. Paths are local files; outputs are written only by the engine.
 */
export type ChangesetEngine = {
  /** Writes the changeset from `base` to `modified` into `output`; its per-table summary and size. */
  diff(base: string, modified: string, output: string): Promise<{ summary: TableSummary[]; size: number }>;
  /** Writes `base` with `changeset` applied into `output`; answers the changeset's summary. */
  apply(base: string, changeset: string, output: string): Promise<{ summary: TableSummary[] }>;
  /** Writes the JSON detail list of `changeset` (names and types from `schemaDb`) into `output`. */
  writeDetail(changeset: string, schemaDb: string, output: string): Promise<void>;
  close(): Promise<void>;
};

/** Threads are started when work comes and end after this long without any. */
const IDLE_MS = 60_000;

export function createChangesetEngine(options: { threads: number }): ChangesetEngine {
  const pool = new Piscina({
    filename: new URL('./engine-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: IDLE_MS,
  });

  async function run<T extends object>(name: string, task: object): Promise<T> {
    const result = (await pool.run(task, { name })) as EngineResult<T>;
    if (!result.ok) throw new EngineError(result.kind, result.reason);
    return result;
  }

  return {
    async diff(base, modified, output) {
      const { summary, size } = await run<{ summary: TableSummary[]; size: number }>('diffTask', {
        base,
        modified,
        output,
      });
      return { summary, size };
    },
    async apply(base, changeset, output) {
      const { summary } = await run<{ summary: TableSummary[] }>('applyTask', { base, changeset, output });
      return { summary };
    },
    async writeDetail(changeset, schemaDb, output) {
      await run('detailTask', { changeset, schemaDb, output });
    },
    close: () => pool.destroy(),
  };
}
