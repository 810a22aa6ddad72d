import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, link, mkdir, open, readdir, rename, stat, utimes } from 'node:fs/promises';
import { removeFile } from '../lib/remove-file.ts';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobRef, StagedBlob } from './blob-store.ts';
import { readHandleThrough } from './reused-reads.ts';

/** A blob being written is flushed to disk every this many bytes, so the final flush has little left to do. */
const FLUSH_EVERY = 64 * 1024 * 1024;
/** Large reads: a download's cost per byte, not per system call. */
export const READ_BUFFER = 1024 * 1024;

/**
 * The local folder where every blob store writes new bytes before they get their name: hashing on the way in,
 * temporary files for the changeset engine, the clean-up of what a crash left. The store decides what "storing"
 * a staged file means (`place`: a rename on local disk, an upload to S3).
 */
export function createStaging(options: {
  dir: string;
  /**
   * Flush staged bytes to disk before handing them over (the local store renames them into place: they must
   * survive a power cut). Not needed where `place` copies them elsewhere before anything refers to them.
   */
  durable: boolean;
  /** Gives a staged file its real name (and takes it over); answers the folders to flush, if any. */
  place: (file: string, ref: BlobRef) => Promise<string[]>;
}) {
  const { dir, durable, place } = options;
  let madeDir = false;

  /** The staged blob of the bytes at `tmpFile`. */
  const staged = (tmpFile: string, sha256: string, size: number): StagedBlob => ({
    sha256,
    size,
    path: tmpFile,
    async store() {
      try {
        return await place(tmpFile, { sha256, size });
      } catch (error) {
        await removeFile(tmpFile);
        throw error;
      }
    },
    discard: () => removeFile(tmpFile),
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

  async function tempPath(name: string = randomUUID()): Promise<string> {
    if (!madeDir) {
      await mkdir(dir, { recursive: true });
      madeDir = true;
    }
    if (name.includes('/') || name.startsWith('.')) throw new Error(`not a temporary name: ${name}`);
    return path.join(dir, name);
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
        if (durable && unflushed >= FLUSH_EVERY && flushing === undefined) {
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
      if (durable) await handle.datasync();
      await handle.close();
    } catch (error) {
      await writing.catch(() => undefined);
      await flushing;
      await handle.close().catch(() => undefined);
      await removeFile(tmpFile);
      throw error;
    }
    return staged(tmpFile, hash.digest('hex'), size);
  }

  async function stageFile(file: string, observe?: (piece: Buffer) => void): Promise<StagedBlob> {
    if (path.dirname(file) !== dir) throw new Error(`not a temporary path of the blob store: ${file}`);
    try {
      const hash = createHash('sha256');
      let size = 0;
      // One `open` to read it back and flush it; read through one buffer of at most the file's size, freed at
      // the end (`readHandleThrough`).
      const handle = await open(file, durable ? 'r+' : 'r');
      try {
        for await (const piece of readHandleThrough(handle, 0, (await handle.stat()).size)) {
          hash.update(piece);
          observe?.(piece);
          size += piece.length;
        }
        if (durable) await handle.datasync();
      } finally {
        await handle.close();
      }
      return staged(file, hash.digest('hex'), size);
    } catch (error) {
      await removeFile(file);
      throw error;
    }
  }

  /**
   * Moves a file written elsewhere into the staging folder under `name` (a rename: later writes through its old
   * name cannot reach it). Answers undefined, leaving the file where it was, when it cannot be moved there
   * (another file system); throws ENOENT when it is not there.
   */
  async function adopt(file: string, name: string): Promise<string | undefined> {
    const tmpFile = await tempPath(name);
    try {
      await rename(file, tmpFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') return undefined;
      throw error;
    }
    return tmpFile;
  }

  /** `stage` of bytes already at a temporary path (`adopt`), whose SHA-256 the caller computed. */
  async function stageHashed(file: string, sha256: string, size: number): Promise<StagedBlob> {
    if (path.dirname(file) !== dir) throw new Error(`not a temporary path of the blob store: ${file}`);
    try {
      if (durable) await datasync(file);
      return staged(file, sha256, size);
    } catch (error) {
      await removeFile(file);
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
      await removeFile(tmpFile);
      throw error;
    });
    return stageFile(tmpFile, observe);
  }

  async function removeStaleTemp(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        if ((await stat(file)).mtime < before) {
          await removeFile(file);
          removed += 1;
        }
      } catch {
        // gone meanwhile
      }
    }
    return removed;
  }

  return { stage, stageFile, stageLinkOf, adopt, stageHashed, tempPath, removeStaleTemp };
}
