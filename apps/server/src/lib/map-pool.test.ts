import { describe, expect, it } from 'vitest';
import { mapPool } from './map-pool.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('mapPool', () => {
  it('keeps at most `concurrency` running and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapPool([30, 10, 20, 5, 15], 2, async (delay, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, delay));
      running -= 1;
      return index * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
  });

  it('after a failure starts nothing more and throws the first error once the running work ended', async () => {
    const started: number[] = [];
    const ended: number[] = [];
    const outcome = mapPool([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      await tick();
      if (item === 1) throw new Error('item 1 failed');
      await tick();
      if (item === 0) throw new Error('item 0 failed later');
      ended.push(item);
    });
    await expect(outcome).rejects.toThrow('item 1 failed');
    // Item 0 was running when item 1 failed: the error came once it had ended (its own failure, which is not
    // the first); nothing after item 1 started.
    expect(started).toEqual([0, 1]);
    const afterwards = mapPool([0, 1], 1, async (item) => {
      if (item === 0) throw new Error('first');
      ended.push(item);
    });
    await expect(afterwards).rejects.toThrow('first');
    expect(ended).toEqual([]);
  });

  it('waits for the running work before throwing', async () => {
    let slowEnded = false;
    const outcome = mapPool([0, 1], 2, async (item) => {
      if (item === 1) throw new Error('fast failure');
      await tick();
      slowEnded = true;
    });
    await expect(outcome).rejects.toThrow('fast failure');
    expect(slowEnded).toBe(true);
  });

  it('answers an empty list at once', async () => {
    await expect(mapPool([], 3, () => Promise.reject(new Error('never')))).resolves.toEqual([]);
  });
});
