import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

/**
 * What the map reads from a GeoPackage (its layer list, a tile, a feature) depends only on the blob's bytes (its
 * SHA-256), the request and this format's version: so it never goes stale and is kept in memory (an LRU bounded
 * by bytes) and on disk under `DATA_DIR/map-cache/`, named by a hash of that key. The same hash is the strong ETag.
 */

/** Bump when what the map answers for the same bytes changes (tile contents, layer list fields). */
export const MAP_FORMAT_VERSION = 1;

/** Bytes the memory cache holds at most. */
const MEMORY_BYTES = 64 * 1024 * 1024;

export type MapCache = {
  /** The cache key (and ETag) of `parts` read from blob `sha256`. */
  keyOf(sha256: string, ...parts: (string | number)[]): string;
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, value: Uint8Array): Promise<void>;
};

export function createMapCache(folder: string): MapCache {
  const memory = new LRUCache<string, Buffer>({
    maxSize: MEMORY_BYTES,
    // An empty tile still takes an entry.
    sizeCalculation: (value) => value.length + 64,
  });
  const fileOf = (key: string) => path.join(folder, key.slice(0, 2), key);

  return {
    keyOf(sha256, ...parts) {
      const hash = createHash('sha256');
      hash.update(`map-v${MAP_FORMAT_VERSION}\0${sha256}`);
      for (const part of parts) hash.update(`\0${String(part)}`);
      return hash.digest('hex');
    },
    async get(key) {
      const held = memory.get(key);
      if (held) return held;
      const stored = await readFile(fileOf(key)).catch(() => undefined);
      if (stored) memory.set(key, stored);
      return stored;
    },
    async set(key, value) {
      const buffer = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      memory.set(key, buffer);
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
  };
}
