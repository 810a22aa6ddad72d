import { type MessagePort, threadId } from 'node:worker_threads';
import { ChangesetFormatError, ConflictError, GpkgDiffError, SchemaChangeError } from '@waymark/gpkg-diff';

/**
 * What the tasks of the engine's threads share (`engine-worker.ts`: changesets; `map-worker.ts`: the map): each
 * task answers a plain result object; the library's refusals travel as `{ok: false}` with their user-fit reason,
 * since class identities do not cross threads.
 */

/** `timeout` is the engine's own: a task that ran longer than allowed was stopped (engine.ts). */
export type EngineFailureKind =
  'schema' | 'conflict' | 'format' | 'invalid' | 'internal' | 'timeout' | 'not-found' | 'layer' | 'too-large';
export type EngineFailure = { ok: false; kind: EngineFailureKind; reason: string };
export type EngineResult<T> = ({ ok: true } & T) | EngineFailure;

/** What every task gets besides its files: a port to tell the engine it started (its time limit counts from then). */
export type TaskInput = { started?: MessagePort };

/** A failure of the changeset library as its kind, or undefined for another error. */
function libraryFailure(error: unknown): EngineFailure | undefined {
  if (!(error instanceof GpkgDiffError)) return undefined;
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

/** Any other error: internal, with its message (logged by the caller, never shown). */
function internalFailure(error: unknown): EngineFailure {
  return { ok: false, kind: 'internal', reason: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs one task's `work` once the engine is told it started; `classify` names the refusals of the task's own
 * modules (the map's), the library's are known here.
 */
export function attempt<T>(
  input: TaskInput,
  work: () => T,
  classify?: (error: unknown) => EngineFailure | undefined,
): EngineResult<T> {
  input.started?.postMessage(threadId);
  try {
    return { ok: true, ...work() };
  } catch (error) {
    return libraryFailure(error) ?? classify?.(error) ?? internalFailure(error);
  }
}

/** `attempt` for work that answers a promise. */
export async function attemptAsync<T>(
  input: TaskInput,
  work: () => Promise<T>,
  classify?: (error: unknown) => EngineFailure | undefined,
): Promise<EngineResult<T>> {
  input.started?.postMessage(threadId);
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    return libraryFailure(error) ?? classify?.(error) ?? internalFailure(error);
  }
}
