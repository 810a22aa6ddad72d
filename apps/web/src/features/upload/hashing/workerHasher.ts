import { CHECKSUM_SLICE_SIZE, UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import type { FileHashes, HashSizes } from './hashBlob.ts';
import type { HashWorkerRequest, HashWorkerResponse } from './hashProtocol.ts';

/** Hashes one file; rejects with an AbortError when the signal fires first. */
export type HashFile = (file: Blob, signal?: AbortSignal) => Promise<FileHashes>;

interface Pending {
  resolve: (hashes: FileHashes) => void;
  reject: (error: Error) => void;
}

const SIZES: HashSizes = { sliceSize: CHECKSUM_SLICE_SIZE, chunkSize: UPLOAD_CHUNK_SIZE };

function abortError(): DOMException {
  return new DOMException('Hashing was cancelled', 'AbortError');
}

/** Vite bundles the worker as its own file of this origin (the CSP allows no blob: or inline workers). */
function startHashWorker(): Worker {
  return new Worker(new URL('./sha1.worker.ts', import.meta.url), { type: 'module', name: 'sha1' });
}

/**
 * The page's side of the hashing worker: one worker, started on first use, answering requests by id.
 * If the worker dies, every waiting request fails and the next one starts a new worker.
 */
export function createWorkerHasher(startWorker: () => Worker = startHashWorker): HashFile {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (message: string) => {
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
    worker?.terminate();
    worker = undefined;
  };

  const getWorker = (): Worker => {
    if (worker) return worker;
    const started = startWorker();
    started.addEventListener('message', (event: MessageEvent<HashWorkerResponse>) => {
      const answer = event.data;
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('hashes' in answer) waiting.resolve(answer.hashes);
      else waiting.reject(answer.isCancelled ? abortError() : new Error(answer.error));
    });
    started.addEventListener('error', (event) => failAll(event.message || 'The hashing worker failed'));
    worker = started;
    return started;
  };

  return (file, signal) =>
    new Promise<FileHashes>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const id = nextId++;
      const target = getWorker();
      pending.set(id, { resolve, reject });
      signal?.addEventListener(
        'abort',
        () => {
          if (!pending.delete(id)) return;
          target.postMessage({ type: 'cancel', id } satisfies HashWorkerRequest);
          reject(abortError());
        },
        { once: true },
      );
      target.postMessage({ type: 'hash', id, file, sizes: SIZES } satisfies HashWorkerRequest);
    });
}
