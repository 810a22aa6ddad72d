import { once } from 'node:events';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { MapFeature, MapLayer } from '@waymark/contract';
import type { TableSummary } from '@waymark/gpkg-diff';
// Loaded on the main thread for its side effect: better-sqlite3 takes SQLite URI filenames only when SQLITE_USE_URI=1
// is in the real process environment as its addon loads, which a worker thread cannot set; the package sets it when
// imported on the main thread (see its README). So the workers open stored blobs `immutable=1`, instead of copying
// WAL-mode blobs to a temporary folder first.
import '@waymark/gpkg-diff';
import type { QgisLayerStyle } from '../map/qgis-styles.ts';
import type { EngineFailureKind, EngineResult } from './engine-task.ts';
import { createFairQueue } from './fair-queue.ts';

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

/** Who a task is for: tasks of different projects take turns for the threads (fair-queue.ts). */
export type EngineTaskOwner = { project: string };

/**
 * The GeoPackage changeset engine off the event loop: every call runs in a worker thread of a small pool, so a
 * diff of 200,000 rows never holds up requests. Paths are local files; outputs are written only by the engine.
 * Projects take turns for the threads, and a task running longer than the time limit is stopped (its thread ends)
 * and fails with an `EngineError` of kind `timeout`. The map's reads run on a pool of their own (see
 * createChangesetEngine): a screenful of tiles never holds up a push's changeset, nor a push a tile.
 */
export type ChangesetEngine = {
  /** Writes the changeset from `base` to `modified` into `output`; its per-table summary and size. */
  diff(
    base: string,
    modified: string,
    output: string,
    owner: EngineTaskOwner,
  ): Promise<{ summary: TableSummary[]; size: number }>;
  /** Writes `base` with `changeset` applied into `output`; answers the changeset's summary. */
  apply(
    base: string,
    changeset: string,
    output: string,
    owner: EngineTaskOwner,
  ): Promise<{ summary: TableSummary[] }>;
  /**
   * Merges an upload (`ours`) based on `base` with the latest file (`theirs`) into `output`, as the Mergin clients
   * rebase (engine-worker.ts `mergeTask`).
   */
  merge(
    files: { base: string; theirs: string; ours: string; output: string },
    owner: EngineTaskOwner,
  ): Promise<{ kept: number; conflicts: number; conflictFile: string }>;
  /** Writes the JSON detail list of `changeset` (names and types from `schemaDb`) into `output`. */
  writeDetail(changeset: string, schemaDb: string, output: string, owner: EngineTaskOwner): Promise<void>;
  /** The layers of the GeoPackage `file` (the map's layer list). */
  mapLayers(file: string, owner: EngineTaskOwner): Promise<MapLayer[]>;
  /** Vector tile z/x/y of `layer` of `file` (empty bytes when no feature meets it). */
  mapTile(
    file: string,
    layer: string,
    tile: { z: number; x: number; y: number },
    owner: EngineTaskOwner,
  ): Promise<Uint8Array>;
  /** Feature `fid` of `layer` of `file`, every field and its geometry as GeoJSON in EPSG:4326. */
  mapFeature(file: string, layer: string, fid: number, owner: EngineTaskOwner): Promise<MapFeature>;
  /**
   * The rows `changeset` changes, as the GeoJSON document of the map of a version's changes (UTF-8), read against
   * `file` (the file it leads to); `head` names the file and version in it; refused past `maxBytes`.
   */
  mapChanges(
    changeset: string,
    file: string,
    head: { path: string; version: string; maxBytes: number },
    owner: EngineTaskOwner,
  ): Promise<Uint8Array>;
  /** The colours the QGIS project file `file` (`path`: its path in the project) gives its GeoPackage layers. */
  mapStyles(file: string, path: string, owner: EngineTaskOwner): Promise<QgisLayerStyle[]>;
  /**
   * Starts a changeset thread ahead of a task about to come (a push that declares a changeset starts uploading
   * it), when none is there: its start (~0.1 s of loading its code) then overlaps the upload instead of delaying
   * the finish. It ends as any thread does, after IDLE_MS without work. Answers the id of the thread started, or
   * undefined when one was there (or none could start).
   */
  warm(): Promise<number | undefined>;
  close(): Promise<void>;
};

/** The map's tasks answer a browser waiting for a tile: they are stopped sooner than the engine's other tasks. */
const MAP_TASK_LIMIT_MS = 20_000;
const MAP_TASKS: ReadonlySet<string> = new Set([
  'mapLayersTask',
  'mapTileTask',
  'mapFeatureTask',
  'mapChangesTask',
  'mapStylesTask',
]);

/** Threads are started when work comes and end after this long without any. */
const IDLE_MS = 60_000;
/**
 * The young generation of an engine thread's heap, in MB (V8: three times a semi-space). V8's default on a 64-bit
 * machine lets it grow to ~48 MB, which a screenful of map tiles fills with short-lived GeoJSON and keeps resident
 * afterwards. The map's tiles are cut in chunks that die young even at 12 MB (map/gpkg-tile.ts): the twelve z11 tiles
 * of bench/map cost the same CPU at 12, 24 and 48 MB (bench/map's server peak with two map threads: 414–422 MB at
 * 48, which it had until releaseSemiSpaceFlag, and 1,024-feature chunks; 303–359 MB at 12 with 32-feature chunks).
 */
export const YOUNG_GENERATION_MB = 12;

/**
 * Lets the threads' `maxYoungGenerationSizeMb` apply. The server starts with `--max-semi-space-size=16` for its
 * main thread (apps/server/package.json), but V8 flags are the whole process's: V8 reads that one as each new
 * isolate's heap is set up and it takes precedence over the worker's own limit (each thread's young generation was
 * 32 MB, not 12: `v8.getHeapSpaceStatistics()` in a worker), and a Worker refuses V8 flags in its `execArgv`.
 * The main thread's heap is set up by then and keeps its limit; threads started after this call take theirs from
 * `resourceLimits`.
 */
function releaseSemiSpaceFlag(): void {
  setFlagsFromString('--max-semi-space-size=0');
}

type TaskName =
  | 'diffTask'
  | 'applyTask'
  | 'mergeTask'
  | 'detailTask'
  | 'mapLayersTask'
  | 'mapTileTask'
  | 'mapFeatureTask'
  | 'mapChangesTask'
  | 'mapStylesTask';

/** The reasons of tasks stopped at the time limit (a push answers `…error=sync error: <reason>`). */
export const TIMEOUT_REASONS: Record<TaskName, string> = {
  diffTask: 'Comparing the versions took too long',
  applyTask: 'Applying the changeset took too long',
  mergeTask: 'Merging the changes took too long',
  detailTask: 'Reading the changeset took too long',
  mapLayersTask: 'Reading the GeoPackage took too long',
  mapTileTask: 'Drawing the tile took too long',
  mapFeatureTask: 'Reading the feature took too long',
  mapChangesTask: 'Reading the changes took too long',
  mapStylesTask: 'Reading the QGIS project took too long',
};

/**
 * The changeset engine's threads (`threads`: changesets, merges, detail lists) and the map's (`mapThreads`, 1 when
 * not given: layer lists, tiles, features, change maps, QGIS colours), each a pool of its own. One project uses at
 * most all changeset threads but one, so another project's task can always start at once (with one thread, the
 * time limit bounds how long others wait). The map's tasks are short and come in screenfuls: one project's may use
 * all `mapThreads` at once (the 6 tiles a browser asks for at a time are cut side by side), and the map's pool has
 * one thread more, so another project's map task can still always start at once.
 */
export function createChangesetEngine(options: {
  threads: number;
  mapThreads?: number;
  taskTimeoutMs: number;
}): ChangesetEngine {
  const mapThreads = Math.max(1, options.mapThreads ?? 1);
  releaseSemiSpaceFlag();
  // Each pool's threads load only their own tasks' code (a thread compiles and runs all of it when it starts).
  const makePool = (threads: number, worker: string) =>
    new Piscina({
      filename: new URL(worker, import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
  const changesets = {
    pool: makePool(options.threads, './engine-worker.mjs'),
    queue: createFairQueue({ slots: options.threads, perOwner: Math.max(1, options.threads - 1) }),
  };
  const map = {
    pool: makePool(mapThreads + 1, './map-worker.mjs'),
    queue: createFairQueue({ slots: mapThreads + 1, perOwner: mapThreads }),
  };
  const sideOf = (name: TaskName) => (MAP_TASKS.has(name) ? map : changesets);

  const limitOf = (name: TaskName) =>
    MAP_TASKS.has(name) ? Math.min(options.taskTimeoutMs, MAP_TASK_LIMIT_MS) : options.taskTimeoutMs;

  /** Removes what a stopped task left (`<output>`, `<output>.<random>.tmp`, journals) once its thread ended. */
  async function removeLeftovers(pool: Piscina, output: string, threadId: number | undefined): Promise<void> {
    const thread = pool.threads.find((worker) => worker.threadId === threadId);
    if (thread) await once(thread, 'exit').catch(() => undefined);
    const folder = path.dirname(output);
    const prefix = `${path.basename(output)}.`;
    const names = await readdir(folder).catch(() => [] as string[]);
    const leftovers = names.filter((name) => name.startsWith(prefix)).map((name) => path.join(folder, name));
    await Promise.all([output, ...leftovers].map((file) => rm(file, { force: true })));
  }

  /** Runs one task on a thread once it is its project's turn; its time limit counts from when it starts there. */
  function run<T extends object>(
    name: TaskName,
    task: Record<string, string | number> & { output?: string },
    owner: EngineTaskOwner,
  ): Promise<T> {
    const { pool, queue } = sideOf(name);
    return queue.run(owner.project, async () => {
      const started = new MessageChannel();
      const stop = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      started.port1.once('message', (threadId: number) => {
        timer = setTimeout(() => {
          // The thread is looked up before piscina lets it go (on abort), to know when it has ended.
          if (task.output !== undefined) void removeLeftovers(pool, task.output, threadId);
          stop.abort();
        }, limitOf(name));
      });
      try {
        const result = (await pool.run(
          { ...task, started: started.port2 },
          { name, signal: stop.signal, transferList: [started.port2] },
        )) as EngineResult<T>;
        if (!result.ok) throw new EngineError(result.kind, result.reason);
        return result;
      } catch (error) {
        if (stop.signal.aborted) throw new EngineError('timeout', TIMEOUT_REASONS[name]);
        throw error;
      } finally {
        clearTimeout(timer);
        started.port1.close();
      }
    });
  }

  return {
    async diff(base, modified, output, owner) {
      const { summary, size } = await run<{ summary: TableSummary[]; size: number }>(
        'diffTask',
        { base, modified, output },
        owner,
      );
      return { summary, size };
    },
    async apply(base, changeset, output, owner) {
      const { summary } = await run<{ summary: TableSummary[] }>(
        'applyTask',
        { base, changeset, output },
        owner,
      );
      return { summary };
    },
    async merge(files, owner) {
      const { kept, conflicts, conflictFile } = await run<{
        kept: number;
        conflicts: number;
        conflictFile: string;
      }>('mergeTask', files, owner);
      return { kept, conflicts, conflictFile };
    },
    async writeDetail(changeset, schemaDb, output, owner) {
      await run('detailTask', { changeset, schemaDb, output }, owner);
    },
    async mapLayers(file, owner) {
      return (await run<{ layers: MapLayer[] }>('mapLayersTask', { file }, owner)).layers;
    },
    async mapTile(file, layer, tile, owner) {
      return (await run<{ tile: Uint8Array }>('mapTileTask', { file, layer, ...tile }, owner)).tile;
    },
    async mapFeature(file, layer, fid, owner) {
      return (await run<{ feature: MapFeature }>('mapFeatureTask', { file, layer, fid }, owner)).feature;
    },
    async mapChanges(changeset, file, head, owner) {
      return (await run<{ document: Uint8Array }>('mapChangesTask', { changeset, file, ...head }, owner))
        .document;
    },
    async mapStyles(file, path, owner) {
      return (await run<{ styles: QgisLayerStyle[] }>('mapStylesTask', { file, path }, owner)).styles;
    },
    async warm() {
      if (changesets.pool.threads.length > 0) return undefined;
      const warmed = (await changesets.pool.run({}, { name: 'warmTask' }).catch(() => undefined)) as
        { threadId: number } | undefined;
      return warmed?.threadId;
    },
    close: async () => {
      changesets.queue.close();
      map.queue.close();
      await Promise.all([changesets.pool.destroy(), map.pool.destroy()]);
    },
  };
}
