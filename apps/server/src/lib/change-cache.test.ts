import { describe, expect, it } from 'vitest';
import { createLocalChangeFeed } from '../db/change-feed.ts';
import {
  type ChangeFeed,
  type ChangeListener,
  createChangeCache,
  createOfflineChangeFeed,
} from './change-cache.ts';

/** A feed whose liveness and announcements the test controls. */
function manualFeed() {
  let live = true;
  const listeners: ChangeListener[] = [];
  const feed: ChangeFeed = {
    isLive: () => live,
    onChange: (listener) => void listeners.push(listener),
    changed: (table) => listeners.forEach((listener) => listener(table as never)),
    close: async () => {},
  };
  return {
    feed,
    setLive(value: boolean) {
      live = value;
      listeners.forEach((listener) => listener(null));
    },
  };
}

describe('change caches', () => {
  it('keep a value until one of their tables changes, and only those', async () => {
    const feed = createLocalChangeFeed();
    const cache = createChangeCache<number, { name: string }>(feed, { tables: ['users'], max: 10 });
    let reads = 0;
    const load = async () => ({ name: `read ${(reads += 1)}` });
    expect(await cache.through(1, load)).toEqual({ name: 'read 1' });
    expect(await cache.through(1, load)).toEqual({ name: 'read 1' });
    feed.changed('projects');
    feed.changed('sessions'); // not a watched table at all
    expect(await cache.through(1, load)).toEqual({ name: 'read 1' });
    feed.changed('users');
    expect(await cache.through(1, load)).toEqual({ name: 'read 2' });
  });

  it('do not keep a value whose read overlapped a change', async () => {
    const feed = createLocalChangeFeed();
    const cache = createChangeCache<number, number>(feed, { tables: ['projects'], max: 10 });
    let release = () => {};
    const slow = cache.through(1, () => new Promise<number>((resolve) => (release = () => resolve(7))));
    feed.changed('projects'); // committed while the read was under way: 7 may be the old count
    release();
    expect(await slow).toBe(7);
    expect(await cache.through(1, async () => 8)).toBe(8);
    expect(await cache.through(1, async () => 9)).toBe(8);
  });

  it('keep nothing while the feed is not live, and forget everything when it comes back', async () => {
    const { feed, setLive } = manualFeed();
    const cache = createChangeCache<string, number>(feed, { tables: ['projects'], max: 10 });
    await cache.through('a', async () => 1);
    setLive(false); // changes of other processes would go unheard now
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.through('a', async () => 2)).toBe(2);
    expect(await cache.through('a', async () => 3)).toBe(3);
    setLive(true);
    expect(await cache.through('a', async () => 4)).toBe(4);
    expect(await cache.through('a', async () => 5)).toBe(4);

    const offline = createChangeCache<string, number>(createOfflineChangeFeed(), {
      tables: ['projects'],
      max: 10,
    });
    await offline.through('a', async () => 1);
    expect(await offline.through('a', async () => 2)).toBe(2);
  });
});
