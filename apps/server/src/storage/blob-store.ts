import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type BlobRef = { sha256: string; size: number };
export type ByteRange = { start: number; end: number };

/**
 * Content-addressed file bodies. Callers keep the SHA-256 in the database; the same bytes are stored once
 * however many versions and projects refer to them.
 */
export interface BlobStore {
  /**
   * Stores the stream's bytes and returns their hash and size; a blob already present is kept as it is.
   * `beforeStore` runs once the bytes are hashed and flushed but before they get their real name: it may refuse
   * them (throw, and nothing is stored) or record the blob first.
   */
  put(source: Readable | AsyncIterable<Buffer>, options?: PutOptions): Promise<BlobRef>;
  /** Streams a stored blob, or the inclusive byte range of it. */
  get(sha256: string, range?: ByteRange): Readable;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /** Removes temporary files of writes interrupted before the cut-off (a crash mid-put); returns how many. */
  removeStaleTemp(before: Date): Promise<number>;
}

export type PutOptions = { beforeStore?: (ref: BlobRef) => Promise<void> };

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Blobs on local disk under `<root>/<aa>/<bb>/<sha256>`. Writes go to a temporary file that is flushed to
 * disk and then renamed into place, so a crash never leaves a partial blob under a real name.
 */
export function createLocalBlobStore(root: string): BlobStore {
  const blobPath = (sha256: string) => {
    if (!SHA256_PATTERN.test(sha256)) throw new Error(`not a blob id: ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  const tmpDir = path.join(root, 'tmp');
  /** Folders known to exist: each put would otherwise ask the file system twice. */
  const madeDirs = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (madeDirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  };

  return {
    async put(source, options = {}) {
      await ensureDir(tmpDir);
      const tmpFile = path.join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, measure, createWriteStream(tmpFile, { flags: 'wx' }));
        const handle = await open(tmpFile, 'r+');
        await handle.sync();
        await handle.close();
        const sha256 = hash.digest('hex');
        await options.beforeStore?.({ sha256, size });
        const target = blobPath(sha256);
        await ensureDir(path.dirname(target));
        await rename(tmpFile, target);
        return { sha256, size };
      } finally {
        await rm(tmpFile, { force: true });
      }
    },

    get(sha256, range) {
      // Large reads: a download's cost per byte, not per system call.
      const options = { highWaterMark: 1024 * 1024 };
      return createReadStream(
        blobPath(sha256),
        range ? { ...options, start: range.start, end: range.end } : options,
      );
    },

    async has(sha256) {
      try {
        await access(blobPath(sha256));
        return true;
      } catch {
        return false;
      }
    },

    async delete(sha256) {
      await rm(blobPath(sha256), { force: true });
    },

    async removeStaleTemp(before) {
      let names: string[];
      try {
        names = await readdir(tmpDir);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        try {
          if ((await stat(file)).mtime < before) {
            await rm(file, { force: true });
            removed += 1;
          }
        } catch {
          // gone meanwhile
        }
      }
      return removed;
    },
  };
}
