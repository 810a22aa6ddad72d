import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { type MessagePort, threadId } from 'node:worker_threads';
import {
  apply,
  ChangesetFormatError,
  ConflictError,
  diff,
  conflictFileText,
  GpkgDiffError,
  readChanges,
  rebase,
  SchemaChangeError,
  summarize,
  type TableSummary,
} from '@waymark/gpkg-diff';
import type { MapFeature, MapLayer } from '@waymark/contract';
import { readFeature, readLayers } from '../map/gpkg-map.ts';
import { MapLayerError, MapNotFoundError } from '../map/gpkg-read.ts';
import { readTile } from '../map/gpkg-tile.ts';
import { MapTooLargeError, readChangedFeatures } from '../map/gpkg-changes.ts';
import { readQgisProjectStyles, type QgisLayerStyle } from '../map/qgis-styles.ts';

/**
 * The GeoPackage work of the server, run in the worker threads of `engine.ts` (the library is synchronous: here
 * it blocks a worker, never the event loop). Each task answers a plain result object; the library's refusals
 * travel as `{ok: false}` with their user-fit reason, since class identities do not cross threads.
 */

/** `timeout` is the engine's own: a task that ran longer than allowed was stopped (engine.ts). */
export type EngineFailureKind =
  'schema' | 'conflict' | 'format' | 'invalid' | 'internal' | 'timeout' | 'not-found' | 'layer' | 'too-large';
export type EngineFailure = { ok: false; kind: EngineFailureKind; reason: string };
export type EngineResult<T> = ({ ok: true } & T) | EngineFailure;

/** Bytes of JSON gathered before each write of the detail file. */
const WRITE_BUFFER = 256 * 1024;

function failure(error: unknown): EngineFailure {
  if (error instanceof GpkgDiffError) {
    const kind: EngineFailureKind =
      error instanceof SchemaChangeError
        ? 'schema'
        : error instanceof ConflictError
          ? 'conflict'
          : error instanceof ChangesetFormatError
            ? 'format'
            : 'invalid';
    return { ok: false, kind, reason: error.reason };
  }
  if (error instanceof MapNotFoundError) return { ok: false, kind: 'not-found', reason: error.message };
  if (error instanceof MapLayerError) return { ok: false, kind: 'layer', reason: error.message };
  if (error instanceof MapTooLargeError) return { ok: false, kind: 'too-large', reason: error.message };
  return { ok: false, kind: 'internal', reason: error instanceof Error ? error.message : String(error) };
}

/** What every task gets besides its files: a port to tell the engine it started (its time limit counts from then). */
type TaskInput = { started?: MessagePort };

function attempt<T>(input: TaskInput, work: () => T): EngineResult<T> {
  input.started?.postMessage(threadId);
  try {
    return { ok: true, ...work() };
  } catch (error) {
    return failure(error);
  }
}

async function attemptAsync<T>(input: TaskInput, work: () => Promise<T>): Promise<EngineResult<T>> {
  input.started?.postMessage(threadId);
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    return failure(error);
  }
}

/** The changeset from `base` to `modified`, written to `output`, with its summary and size. */
export function diffTask(
  input: TaskInput & {
    base: string;
    modified: string;
    output: string;
  },
): EngineResult<{ summary: TableSummary[]; size: number }> {
  return attempt(input, () => diff(input.base, input.modified, input.output));
}

/** `base` with `changeset` applied, written to `output` (nothing there when it fails), and the changeset's summary. */
export function applyTask(
  input: TaskInput & {
    base: string;
    changeset: string;
    output: string;
  },
): EngineResult<{ summary: TableSummary[] }> {
  return attempt(input, () => {
    const summary = summarize(input.changeset);
    apply(input.base, input.changeset, input.output);
    return { summary };
  });
}

/**
 * Writes the detail list of GET /v1/resource/changesets (a JSON array, column names and WKT from `schemaDb`) to
 * `output`, a row at a time through a fixed buffer: memory does not grow with the changeset.
 */
export function detailTask(
  input: TaskInput & {
    changeset: string;
    schemaDb: string;
    output: string;
  },
): EngineResult<object> {
  return attempt(input, () => {
    const fd = openSync(input.output, 'wx');
    try {
      let pending = '[';
      let first = true;
      for (const change of readChanges(input.changeset, input.schemaDb)) {
        pending += (first ? '' : ',') + JSON.stringify(change);
        first = false;
        if (pending.length >= WRITE_BUFFER) {
          writeSync(fd, pending);
          pending = '';
        }
      }
      writeSync(fd, `${pending}]`);
    } finally {
      closeSync(fd);
    }
    return {};
  });
}

/**
 * A browser upload merged as the Mergin clients merge (geodiff's rebase): `ours` (the upload) and `theirs` (the
 * latest file) both compared with `base`, our changeset rebased on theirs and applied to theirs into `output`.
 * Answers how many rows theirs changed (kept), how many fields both changed (ours won), and the conflict file's
 * text (empty when none). The changesets live beside `output` (`<output>.theirs` …) and are removed.
 */
export function mergeTask(
  input: TaskInput & { base: string; theirs: string; ours: string; output: string },
): EngineResult<{ kept: number; conflicts: number; conflictFile: string }> {
  return attempt(input, () => {
    const [theirs, ours, rebased] = ['theirs', 'ours', 'rebased'].map(
      (name) => `${input.output}.${name}`,
    ) as [string, string, string];
    try {
      const kept = diff(input.base, input.theirs, theirs).summary.reduce(
        (sum, table) => sum + table.insert + table.update + table.delete,
        0,
      );
      diff(input.base, input.ours, ours);
      const result = rebase(theirs, ours, rebased);
      apply(input.theirs, rebased, input.output);
      const conflicts = result.conflicts.reduce((sum, row) => sum + row.changes.length, 0);
      return {
        kept,
        conflicts,
        conflictFile: result.conflicts.length > 0 ? conflictFileText(result.conflicts) : '',
      };
    } finally {
      for (const file of [theirs, ours, rebased]) rmSync(file, { force: true });
    }
  });
}

/** The layers of a GeoPackage for the map (map/gpkg-map.ts). */
export function mapLayersTask(input: TaskInput & { file: string }): EngineResult<{ layers: MapLayer[] }> {
  return attempt(input, () => ({ layers: readLayers(input.file) }));
}

/** One vector tile of a layer (empty when no feature meets it; map/gpkg-tile.ts). */
export function mapTileTask(
  input: TaskInput & { file: string; layer: string; z: number; x: number; y: number },
): EngineResult<{ tile: Uint8Array }> {
  return attempt(input, () => ({ tile: readTile(input.file, input.layer, input.z, input.x, input.y) }));
}

/** One feature of a layer with every field. */
export function mapFeatureTask(
  input: TaskInput & { file: string; layer: string; fid: number },
): EngineResult<{ feature: MapFeature }> {
  return attempt(input, () => ({ feature: readFeature(input.file, input.layer, input.fid) }));
}

/** The changed rows of a stored changeset as GeoJSON (map/gpkg-changes.ts), read against the file it leads to. */
export function mapChangesTask(
  input: TaskInput & { changeset: string; file: string; path: string; version: string; maxBytes: number },
): EngineResult<{ document: Uint8Array }> {
  return attempt(input, () => ({
    document: readChangedFeatures(
      input.changeset,
      input.file,
      { file: input.path, version: input.version },
      input.maxBytes,
    ),
  }));
}

/** The colours a QGIS project file (`path`: its path in the project, .qgs or .qgz) gives its GeoPackage layers. */
export function mapStylesTask(
  input: TaskInput & { file: string; path: string },
): Promise<EngineResult<{ styles: QgisLayerStyle[] }>> {
  return attemptAsync(input, async () => ({ styles: await readQgisProjectStyles(input.file, input.path) }));
}
