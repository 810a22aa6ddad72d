import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

/**
 * What the map reads from a GeoPackage (its layer list, a tile, a feature) depends only on the blob's bytes (its
 * SHA-256), the request and this format's version: so it never goes stale and is kept in memory (an LRU bounded
 * by bytes) and on disk under `DATA_DIR/map-cache/`, named by a hash of that key. The same hash is the strong ETag.
 * On disk a file's modification time is when it was last used: housekeeping removes the least recently used files
 * once the folder holds more than its limit (`prune`, MAP_CACHE_MAX_BYTES).
 */

/**
 * Bump when what the map answers for the same bytes changes (tile contents, layer list fields). 2: national grids
 * with the EPSG registry's datum shift (decision 015); 3: points thinned to one per 4 px below z16; 4: the lowest fid
 * of each cell kept (thinned in the R-tree), national grids reprojected on a grid of exact points (0.05 tile units).
 */
export const MAP_FORMAT_VERSION = 4;
/** Bytes the memory cache holds at most. */
const MEMORY_BYTES = 64 * 1024 * 1024;
/** A disk file used again is marked as used at most this often (one write of its time per hour, not per read). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** Pruning removes whole minutes of use at a time (the oldest first): it counts bytes per minute, not per file. */
const PRUNE_STEP_MS = 60 * 1000;
/** A temporary file this old belongs to no write in progress. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

export type MapCache = {
  /** The cache key (and ETag) of `parts` read from blob `sha256`. */
  keyOf(sha256: string, ...parts: (string | number)[]): string;
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, value: Uint8Array): Promise<void>;
  /**
   * Removes the disk files used least recently until the folder holds at most `maxBytes`, and temporary files
   * of writes that ended; answers how many files and bytes went.
   */
  prune(maxBytes: number, now?: Date): Promise<{ files: number; bytes: number }>;
};

type Entry = { file: string; size: number; usedAt: number; temporary: boolean };

/** Every file of the cache folder (`<folder>/<2 hex>/<key>`), one at a time. */
async function* entriesOf(folder: string): AsyncGenerator<Entry> {
  const shards = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const shard of shards) {
    if (!shard.isDirectory()) continue;
    const directory = path.join(folder, shard.name);
    for (const name of await readdir(directory).catch(() => [] as string[])) {
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      yield { file, size: info.size, usedAt: info.mtimeMs, temporary: name.endsWith('.tmp') };
    }
  }
}

export function createMapCache(folder: string): MapCache {
  const memory = new LRUCache<string, Buffer>({
    maxSize: MEMORY_BYTES,
    // An empty tile still takes an entry.
    sizeCalculation: (value) => value.length + 64,
  });
  /** When this process last marked a key's disk file as used. */
  const touched = new LRUCache<string, number>({ max: 100_000 });
  const fileOf = (key: string) => path.join(folder, key.slice(0, 2), key);

  /** Marks the disk file of `key` as used now (at most once an hour per key); a file pruned meanwhile is let be. */
  function markUsed(key: string): void {
    const now = Date.now();
    if (now - (touched.get(key) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(key, now);
    void utimes(fileOf(key), now / 1000, now / 1000).catch(() => undefined);
  }

  return {
    keyOf(sha256, ...parts) {
      const hash = createHash('sha256');
      hash.update(`map-v${MAP_FORMAT_VERSION}\0${sha256}`);
      for (const part of parts) hash.update(`\0${String(part)}`);
      return hash.digest('hex');
    },
    async get(key) {
      const held = memory.get(key);
      if (held) {
        markUsed(key);
        return held;
      }
      const stored = await readFile(fileOf(key)).catch(() => undefined);
      if (stored) {
        memory.set(key, stored);
        markUsed(key);
      }
      return stored;
    },
    async set(key, value) {
      const buffer = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      memory.set(key, buffer);
      touched.set(key, Date.now());
      const file = fileOf(key);
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await writeFile(temporary, buffer, { mode: 0o600 });
        await rename(temporary, file);
      } catch {
        // A full or read-only disk costs only the disk copy: the answer is still sent.
        await rm(temporary, { force: true });
      }
    },
    async prune(maxBytes, now = new Date()) {
      // First pass: bytes per minute of last use (memory grows with the minutes the cache spans, not its files).
      const bytesByMinute = new Map<number, number>();
      let total = 0;
      let files = 0;
      let bytes = 0;
      for await (const entry of entriesOf(folder)) {
        if (entry.temporary) {
          if (now.getTime() - entry.usedAt > STALE_TEMPORARY_MS) {
            await rm(entry.file, { force: true });
            files += 1;
            bytes += entry.size;
          }
          continue;
        }
        const minute = Math.floor(entry.usedAt / PRUNE_STEP_MS);
        bytesByMinute.set(minute, (bytesByMinute.get(minute) ?? 0) + entry.size);
        total += entry.size;
      }
      if (total <= maxBytes) return { files, bytes };
      // The oldest minutes whose removal brings the folder under its limit.
      let left = total;
      let cutoff = -Infinity;
      for (const minute of [...bytesByMinute.keys()].sort((a, b) => a - b)) {
        if (left <= maxBytes) break;
        left -= bytesByMinute.get(minute)!;
        cutoff = minute;
      }
      // Second pass: remove the files last used in those minutes.
      for await (const entry of entriesOf(folder)) {
        if (entry.temporary || Math.floor(entry.usedAt / PRUNE_STEP_MS) > cutoff) continue;
        await rm(entry.file, { force: true });
        files += 1;
        bytes += entry.size;
      }
      return { files, bytes };
    },
  };
}
