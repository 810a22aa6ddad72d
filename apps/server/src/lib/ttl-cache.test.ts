import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

/** A clock the test moves. */
function manualClock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('TTL caches', () => {
  it('keep a value for their time, then read it again', async () => {
    const clock = manualClock();
    const cache = createTtlCache<number, { name: string }>({ max: 10, ttlMs: 2_000, clock });
    let reads = 0;
    const load = async () => ({ name: `read ${(reads += 1)}` });
    expect(await cache.through(1, load)).toEqual({ name: 'read 1' });
    clock.advance(1_999);
    expect(await cache.through(1, load)).toEqual({ name: 'read 1' });
    clock.advance(2);
    expect(await cache.through(1, load)).toEqual({ name: 'read 2' });
  });

  it('forget a key or everything at once when this process writes', async () => {
    const cache = createTtlCache<string, number>({ max: 10, ttlMs: 60_000 });
    await cache.through('a', async () => 1);
    await cache.through('b', async () => 1);
    cache.forget('a');
    expect(await cache.through('a', async () => 2)).toBe(2);
    expect(await cache.through('b', async () => 2)).toBe(1);
    cache.clear();
    expect(await cache.through('a', async () => 3)).toBe(3);
    expect(await cache.through('b', async () => 3)).toBe(3);
  });

  it('do not keep a value whose read overlapped a write', async () => {
    const cache = createTtlCache<number, number>({ max: 10, ttlMs: 60_000 });
    let release = () => {};
    const slow = cache.through(1, () => new Promise<number>((resolve) => (release = () => resolve(7))));
    cache.forget(1); // committed while the read was under way: 7 may be the old value
    release();
    expect(await slow).toBe(7);
    expect(await cache.through(1, async () => 8)).toBe(8);
    expect(await cache.through(1, async () => 9)).toBe(8);
  });

  it('keep nothing with a time of 0', async () => {
    const cache = createTtlCache<string, number>({ max: 10, ttlMs: 0 });
    await cache.through('a', async () => 1);
    expect(await cache.through('a', async () => 2)).toBe(2);
  });
});
