import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  access,
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  utimes,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type BlobRef = { sha256: string; size: number };
export type ByteRange = { start: number; end: number };

/** The range of a whole blob of this size (none for an empty one): reads then stop at its end. */
export const wholeFile = (size: number): ByteRange | undefined =>
  size > 0 ? { start: 0, end: size - 1 } : undefined;

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
  /**
   * The first half of `put`, for callers storing many blobs at once: hashes the bytes and flushes them to disk
   * under a temporary name. The caller then records the blobs (one query for all of them) and calls `store`
   * on each (or `discard`); `flushFolders` with the folders `store` answered makes the new names durable, each
   * folder flushed once however many blobs it received.
   */
  stage(source: Readable | AsyncIterable<Buffer>): Promise<StagedBlob>;
  /**
   * `stage` for a file already written at a `tempPath()` (the changeset engine's outputs): hashes it, calling
   * `observe` with every piece read (for other hashes), flushes it and takes it over without copying.
   */
  stageFile(file: string, observe?: (piece: Buffer) => void): Promise<StagedBlob>;
  /**
   * `stage` of the bytes of a file that stays where it is and is never written again (an upload chunk, which is
   * only ever replaced by a rename): the blob becomes a second name of the same bytes (a hard link) rather than a
   * copy of them, which saves writing them again; hashed as `stageFile` does. Copies when the file system cannot
   * link (another device, no hard links).
   */
  stageLinkOf(file: string, observe?: (piece: Buffer) => void): Promise<StagedBlob>;
  /**
   * A fresh path in the store's temporary folder, for files that may become blobs (`stageFile`) or short-lived
   * work files; the caller removes them, and `removeStaleTemp` what a crash left.
   */
  tempPath(): Promise<string>;
  /**
   * A local file holding the blob's bytes, for code that needs a path (the changeset engine). Read only: it is
   * the stored blob itself.
   */
  localPath(sha256: string): string;
  /** Flushes these folders to disk, so the blob names made in them survive a power cut. */
  flushFolders(folders: Iterable<string>): Promise<void>;
  /** Streams a stored blob, or the inclusive byte range of it. */
  get(sha256: string, range?: ByteRange): Readable;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /** Removes temporary files of writes interrupted before the cut-off (a crash mid-put); returns how many. */
  removeStaleTemp(before: Date): Promise<number>;
}

export type PutOptions = { beforeStore?: (ref: BlobRef) => Promise<void> };

/** Bytes hashed and flushed under a temporary name: `store` gives them their real name, `discard` drops them. */
export type StagedBlob = BlobRef & {
  /** Where the bytes are until `store` or `discard` (readable, e.g. by the changeset engine). */
  path: string;
  /** Renames the bytes into place; answers the folders to flush (the blob's, and any folder it created). */
  store(): Promise<string[]>;
  discard(): Promise<void>;
};

/** A blob being written is flushed to disk every this many bytes, so the final flush has little left to do. */
const FLUSH_EVERY = 64 * 1024 * 1024;
/** Large reads: a download's cost per byte, not per system call. */
const READ_BUFFER = 1024 * 1024;

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
  /** Makes the folder if needed; answers the folders whose entries changed (the parents of new folders). */
  const ensureDir = async (dir: string): Promise<string[]> => {
    if (madeDirs.has(dir)) return [];
    const first = await mkdir(dir, { recursive: true });
    madeDirs.add(dir);
    if (first === undefined) return [];
    const changed = [];
    for (let at = dir; at !== path.dirname(first); at = path.dirname(at)) changed.push(path.dirname(at));
    return changed;
  };

  async function flushFolders(folders: Iterable<string>): Promise<void> {
    await Promise.all(
      [...new Set(folders)].map(async (dir) => {
        const handle = await open(dir, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      }),
    );
  }

  /** The staged blob of bytes flushed at `tmpFile`. */
  const staged = (tmpFile: string, sha256: string, size: number): StagedBlob => ({
    sha256,
    size,
    path: tmpFile,
    async store() {
      const target = blobPath(sha256);
      const dir = path.dirname(target);
      try {
        const made = await ensureDir(dir);
        await rename(tmpFile, target);
        return [dir, ...made];
      } catch (error) {
        await rm(tmpFile, { force: true });
        throw error;
      }
    },
    discard: () => rm(tmpFile, { force: true }),
  });

  /** Writes the whole buffer (a write may take only part of it). */
  async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
    for (let at = 0; at < data.length;) {
      const { bytesWritten } = await handle.write(data, at, data.length - at);
      at += bytesWritten;
    }
  }

  /** The data and the size, not the timestamps: enough for the bytes to survive a power cut. */
  async function datasync(file: string): Promise<void> {
    const handle = await open(file, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  async function tempPath(): Promise<string> {
    await ensureDir(tmpDir);
    return path.join(tmpDir, randomUUID());
  }

  async function stage(source: Readable | AsyncIterable<Buffer>): Promise<StagedBlob> {
    const tmpFile = await tempPath();
    const hash = createHash('sha256');
    let size = 0;
    const handle = await open(tmpFile, 'wx');
    // One write in flight while the next piece is hashed, and a flush started every FLUSH_EVERY bytes: the
    // disk writes a large blob while it arrives, not all of it at the final flush.
    let writing: Promise<unknown> = Promise.resolve();
    let flushing: Promise<void> | undefined;
    let flushError: unknown;
    let unflushed = 0;
    try {
      for await (const piece of source as AsyncIterable<Buffer>) {
        hash.update(piece);
        await writing;
        writing = writeAll(handle, piece);
        size += piece.length;
        unflushed += piece.length;
        if (unflushed >= FLUSH_EVERY && flushing === undefined) {
          unflushed = 0;
          flushing = handle.datasync().then(
            () => (flushing = undefined),
            (error: unknown) => {
              flushError = error;
              flushing = undefined;
            },
          );
        }
      }
      await writing;
      await flushing;
      if (flushError !== undefined) throw flushError;
      await handle.datasync();
      await handle.close();
    } catch (error) {
      await writing.catch(() => undefined);
      await flushing;
      await handle.close().catch(() => undefined);
      await rm(tmpFile, { force: true });
      throw error;
    }
    return staged(tmpFile, hash.digest('hex'), size);
  }

  async function stageFile(file: string, observe?: (piece: Buffer) => void): Promise<StagedBlob> {
    if (path.dirname(file) !== tmpDir) throw new Error(`not a temporary path of the blob store: ${file}`);
    try {
      const hash = createHash('sha256');
      let size = 0;
      for await (const piece of createReadStream(file, {
        highWaterMark: READ_BUFFER,
      }) as AsyncIterable<Buffer>) {
        hash.update(piece);
        observe?.(piece);
        size += piece.length;
      }
      await datasync(file);
      return staged(file, hash.digest('hex'), size);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  async function stageLinkOf(file: string, observe?: (piece: Buffer) => void): Promise<StagedBlob> {
    const tmpFile = await tempPath();
    try {
      await link(file, tmpFile);
    } catch {
      const source = createReadStream(file, { highWaterMark: READ_BUFFER }) as AsyncIterable<Buffer>;
      return stage(
        (async function* () {
          for await (const piece of source) {
            observe?.(piece);
            yield piece;
          }
        })(),
      );
    }
    // The link shares the source's times: a fresh mtime keeps the stale-temp cleanup off a file in use.
    const now = new Date();
    await utimes(tmpFile, now, now).catch(async (error: unknown) => {
      await rm(tmpFile, { force: true });
      throw error;
    });
    return stageFile(tmpFile, observe);
  }

  return {
    async put(source, options = {}) {
      const staged = await stage(source);
      try {
        await options.beforeStore?.({ sha256: staged.sha256, size: staged.size });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      await flushFolders(await staged.store());
      return { sha256: staged.sha256, size: staged.size };
    },

    stage,

    stageFile,

    stageLinkOf,

    tempPath,

    localPath: blobPath,

    flushFolders,

    get(sha256, range) {
      // A small file or range is read into a buffer of its size, not a whole READ_BUFFER.
      const options = {
        highWaterMark: range ? Math.min(READ_BUFFER, range.end - range.start + 1) : READ_BUFFER,
      };
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
