import { CHECKSUM_SLICE_SIZE, UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import type { HashWorkerRequest, HashWorkerResponse } from './hashProtocol.ts';
import { createWorkerHasher } from './workerHasher.ts';

/** Stands in for the hashing worker: records requests, answers when told. */
class FakeWorker {
  requests: HashWorkerRequest[] = [];
  isTerminated = false;
  private listeners: Record<string, ((event: never) => void)[]> = {};

  addEventListener(type: string, listener: (event: never) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  postMessage(request: HashWorkerRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.isTerminated = true;
  }
  answer(response: HashWorkerResponse) {
    for (const listener of this.listeners.message ?? []) listener({ data: response } as never);
  }
  fail(message: string) {
    for (const listener of this.listeners.error ?? []) listener({ message } as never);
  }
}

function setUp() {
  const workers: FakeWorker[] = [];
  const hashFile = createWorkerHasher(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { workers, hashFile };
}

describe('createWorkerHasher', () => {
  it('starts one worker on first use and matches answers to requests by id, with the SPEC sizes', async () => {
    const { workers, hashFile } = setUp();
    const first = hashFile(new Blob(['a']));
    const second = hashFile(new Blob(['b']));
    expect(workers).toHaveLength(1);
    const [worker] = workers;
    expect(worker?.requests.map((request) => request.type === 'hash' && request.sizes)).toEqual([
      { sliceSize: CHECKSUM_SLICE_SIZE, chunkSize: UPLOAD_CHUNK_SIZE },
      { sliceSize: CHECKSUM_SLICE_SIZE, chunkSize: UPLOAD_CHUNK_SIZE },
    ]);
    const [idA, idB] = worker?.requests.map((request) => request.id) ?? [];
    worker?.answer({ id: idB ?? 0, hashes: { checksum: 'b', chunkChecksums: ['b'] } });
    worker?.answer({ id: idA ?? 0, error: 'NotReadableError', isCancelled: false });
    await expect(second).resolves.toEqual({ checksum: 'b', chunkChecksums: ['b'] });
    await expect(first).rejects.toThrow('NotReadableError');
  });

  it('tells the worker to skip a cancelled file and rejects with an AbortError', async () => {
    const { workers, hashFile } = setUp();
    const abort = new AbortController();
    const hashing = hashFile(new Blob(['a']), abort.signal);
    abort.abort();
    await expect(hashing).rejects.toMatchObject({ name: 'AbortError' });
    expect(workers[0]?.requests.at(-1)).toEqual({ type: 'cancel', id: workers[0]?.requests[0]?.id });
  });

  it('fails every waiting file when the worker dies, and starts a new one next time', async () => {
    const { workers, hashFile } = setUp();
    const waiting = [hashFile(new Blob(['a'])), hashFile(new Blob(['b']))];
    workers[0]?.fail('WebAssembly.compile() refused');
    for (const hashing of waiting) await expect(hashing).rejects.toThrow('WebAssembly.compile() refused');
    expect(workers[0]?.isTerminated).toBe(true);
    void hashFile(new Blob(['c'])).catch(() => undefined);
    expect(workers).toHaveLength(2);
  });
});
