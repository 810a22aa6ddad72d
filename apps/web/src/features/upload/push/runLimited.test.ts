import { describe, expect, it } from 'vitest';
import { runLimited } from './runLimited.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runLimited', () => {
  it('keeps at most the limit in flight, in order, and settles when all are done', async () => {
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const run = runLimited([0, 1, 2, 3, 4], 2, (index) => {
      started.push(index);
      return gates[index]!.promise;
    });
    await flush();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3]!.resolve();
    gates[4]!.resolve();
    await expect(run).resolves.toBeUndefined();
  });

  it('rejects at the first failure and starts nothing more', async () => {
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const run = runLimited([0, 1, 2, 3], 2, (index) => {
      started.push(index);
      return gates[index]!.promise;
    });
    gates[0]!.reject(new Error('chunk 0 failed'));
    await expect(run).rejects.toThrow('chunk 0 failed');
    gates[1]!.resolve();
    await flush();
    expect(started).toEqual([0, 1]);
  });

  it('settles at once with nothing to do', async () => {
    await expect(runLimited([], 4, () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
  });
});
