import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMapCache, type MapCache } from './map-cache.ts';

/** The map's disk cache under its size limit: the least recently used files go first. */

let folder: string;
let cache: MapCache;
const HOUR = 60 * 60 * 1000;
const KB = 1024;

beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'waymark-map-cache-'));
  cache = createMapCache(folder);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const fileOf = (key: string) => path.join(folder, key.slice(0, 2), key);
/** Says the disk file of `key` was last used `hoursAgo` hours ago. */
const usedAgo = (key: string, hoursAgo: number) => {
  const time = (Date.now() - hoursAgo * HOUR) / 1000;
  utimesSync(fileOf(key), time, time);
};
const diskBytes = () =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);

describe('map cache pruning', () => {
  it('keeps everything under the limit', async () => {
    const key = cache.keyOf('a'.repeat(64), 'tile', 1);
    await cache.set(key, new Uint8Array(10 * KB));
    expect(await cache.prune(100 * KB)).toEqual({ files: 0, bytes: 0 });
    expect(existsSync(fileOf(key))).toBe(true);
  });

  it('removes the least recently used files until the folder holds at most the limit', async () => {
    const keys = Array.from({ length: 10 }, (_, i) => cache.keyOf('b'.repeat(64), 'tile', i));
    for (const [i, key] of keys.entries()) {
      await cache.set(key, new Uint8Array(10 * KB).fill(i));
      usedAgo(key, 10 - i); // keys[0] the oldest, keys[9] used an hour ago
    }
    expect(diskBytes()).toBe(100 * KB);
    const pruned = await cache.prune(45 * KB);
    expect(pruned).toEqual({ files: 6, bytes: 60 * KB });
    expect(keys.map((key) => existsSync(fileOf(key)))).toEqual([
      ...Array<boolean>(6).fill(false),
      ...Array<boolean>(4).fill(true),
    ]);
    expect(diskBytes()).toBeLessThanOrEqual(45 * KB);
  });

  it('counts a read as a use: an old file read again outlives newer ones', async () => {
    const reader = createMapCache(folder);
    const [old, newer] = [cache.keyOf('c'.repeat(64), 'old'), cache.keyOf('c'.repeat(64), 'newer')];
    await cache.set(old, new Uint8Array(10 * KB));
    await cache.set(newer, new Uint8Array(10 * KB));
    usedAgo(old, 48);
    usedAgo(newer, 24);
    // Another process (its memory empty) reads the old one from disk.
    expect((await reader.get(old))?.length).toBe(10 * KB);
    await expect.poll(() => Date.now() - statSync(fileOf(old)).mtimeMs).toBeLessThan(HOUR);
    expect(await cache.prune(15 * KB)).toEqual({ files: 1, bytes: 10 * KB });
    expect(existsSync(fileOf(old))).toBe(true);
    expect(existsSync(fileOf(newer))).toBe(false);
    // What is gone from disk is read again from the memory of the process that has it, or made again.
    expect(await createMapCache(folder).get(newer)).toBeUndefined();
  });

  it('removes temporary files of writes that ended, and leaves fresh ones', async () => {
    const shard = path.join(folder, 'ab');
    mkdirSync(shard);
    const stale = path.join(shard, 'ab12.1234.tmp');
    const fresh = path.join(shard, 'ab34.5678.tmp');
    writeFileSync(stale, 'half a tile');
    writeFileSync(fresh, 'a tile being written');
    const twoHoursAgo = (Date.now() - 2 * HOUR) / 1000;
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await cache.prune(1024 * KB)).toEqual({ files: 1, bytes: 11 });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
