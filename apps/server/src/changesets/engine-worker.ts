import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import {
  apply,
  conflictFileText,
  diff,
  readChanges,
  rebase,
  summarize,
  type TableSummary,
} from '@waymark/gpkg-diff';
import { attempt, type EngineResult, type TaskInput } from './engine-task.ts';

/**
 * The changeset work of the server, run in the worker threads of `engine.ts` (the library is synchronous: here it
 * blocks a worker, never the event loop). The map's tasks are in `map-worker.ts`, loaded by threads of their own:
 * a thread compiles and runs its whole code when it starts, and these need none of the map's.
 */

/** Nothing but the thread's id: a thread started for it has loaded this code, ready for the task the engine expects. */
export function warmTask(): { threadId: number } {
  return { threadId };
}

/** Bytes of JSON gathered before each write of the detail file. */
const WRITE_BUFFER = 256 * 1024;

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
