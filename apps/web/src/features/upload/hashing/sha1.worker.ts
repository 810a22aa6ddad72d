import { createSHA1 } from 'hash-wasm';
import { type HashSizes, hashBlob } from './hashBlob.ts';
import type { HashWorkerRequest, HashWorkerResponse } from './hashProtocol.ts';

/**
 * Computes SHA-1 checksums off the main thread, so analysing gigabytes keeps the page responsive. Files
 * are hashed one at a time, in the order asked; a cancelled request is skipped, or stopped between slices.
 */

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<HashWorkerRequest>) => void): void;
  postMessage(message: HashWorkerResponse): void;
}

const scope = self as unknown as WorkerScope;
const cancelled = new Set<number>();
const hashers = Promise.all([createSHA1(), createSHA1()]);
// Each request awaits (and answers) a failure to start hash-wasm; it is no unhandled rejection of its own.
hashers.catch(() => undefined);
let queue: Promise<void> = Promise.resolve();

async function hash(id: number, file: Blob, sizes: HashSizes): Promise<HashWorkerResponse> {
  const isCancelled = () => cancelled.has(id);
  try {
    if (isCancelled()) return { id, error: 'cancelled', isCancelled: true };
    const [fileHasher, chunkHasher] = await hashers;
    return { id, hashes: await hashBlob(file, fileHasher, chunkHasher, { ...sizes, isCancelled }) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error), isCancelled: isCancelled() };
  } finally {
    cancelled.delete(id);
  }
}

scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.type === 'cancel') {
    cancelled.add(request.id);
    return;
  }
  queue = queue.then(async () => scope.postMessage(await hash(request.id, request.file, request.sizes)));
});
