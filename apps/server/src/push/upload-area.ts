import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import {
  copyFile,
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { bodyPieceReleaser } from '../lib/release-buffer.ts';
import { bufferRing, readInTurn, readThrough } from '../storage/reused-reads.ts';
import type { Placement } from './chunk-layout.ts';

/** Raised when a chunk's body exceeds the limit; the partial file is already gone. */
export class ChunkTooBigError extends Error {}

/**
 * A chunk present: its size, and for one written into its file (`placeChunk`) the token of that write, or for one
 * found equal to its place in a stored blob (`matchChunk`, nothing written) that blob's SHA-256.
 */
export type ChunkState = { size: number; token?: string; held?: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Read buffer for assembling files: large reads keep the per-byte cost of big files low. */
const READ_BUFFER = 1024 * 1024;

/**
 * Buffers the pieces of `readChunks` are read into in turn: one piece being written while the next is hashed, one
 * being read, one spare.
 */
const CHUNK_READ_RING = 3;

/** Pieces of a body gathered into one write: a system call (and a thread-pool trip) per MiB, not per socket read. */
const WRITE_BATCH = 1024 * 1024;

/** Writes the pieces at `position`, however many calls it takes. */
async function writeAll(handle: FileHandle, pieces: Buffer[], position: number): Promise<void> {
  let left = pieces;
  let at = position;
  while (left.length > 0) {
    const { bytesWritten } = await handle.writev(left, at);
    at += bytesWritten;
    let skipped = bytesWritten;
    const rest: Buffer[] = [];
    for (const piece of left) {
      if (skipped >= piece.length) skipped -= piece.length;
      else {
        rest.push(skipped > 0 ? piece.subarray(skipped) : piece);
        skipped = 0;
      }
    }
    left = rest;
  }
}

/**
 * Writes pieces from `position` on, gathered per WRITE_BATCH, one batch written while the next one gathers; each
 * piece goes to `release` once its batch is written.
 */
function batchedWriter(handle: FileHandle, position: number, release?: (piece: Buffer) => void) {
  let writing: Promise<void> = Promise.resolve();
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let at = position;
  const flush = async () => {
    const pieces = batch;
    const from = at;
    at += batchBytes;
    batch = [];
    batchBytes = 0;
    await writing;
    writing = writeAll(handle, pieces, from).then(() => {
      if (release) for (const piece of pieces) release(piece);
    });
  };
  return {
    async push(piece: Buffer): Promise<void> {
      batch.push(piece);
      batchBytes += piece.length;
      if (batchBytes >= WRITE_BATCH) await flush();
    },
    /** Writes what is left; answers once every write is done. */
    async end(): Promise<void> {
      if (batchBytes > 0) await flush();
      await writing;
    },
    /** Waits for the write in flight, whatever its outcome (before the file is closed on a failure). */
    settle: () => writing.catch(() => undefined),
  };
}

/**
 * Reads a request body piece by piece into `consume`; answers its size. More than `limit` bytes:
 * ChunkTooBigError. The request is piped, not pipelined: refusing an oversized chunk must not destroy the socket
 * before the answer is written (the caller closes the connection after answering instead).
 */
async function receive(
  source: Readable,
  limit: number,
  consume: (piece: Buffer) => Promise<void>,
): Promise<number> {
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) return callback(new ChunkTooBigError('chunk too big'));
      callback(null, chunk);
    },
  });
  const stopReading = (error: Error) => {
    source.unpipe(measure);
    source.pause();
    measure.destroy(error);
  };
  const onSourceError = (error: Error) => stopReading(error);
  const onSourceClose = () => {
    if (!source.readableEnded) stopReading(new Error('upload aborted'));
  };
  source.on('error', onSourceError);
  source.on('close', onSourceClose);
  try {
    source.pipe(measure);
    for await (const piece of measure as AsyncIterable<Buffer>) await consume(piece);
    return size;
  } catch (error) {
    source.unpipe(measure);
    source.pause();
    throw error;
  } finally {
    source.off('error', onSourceError);
    source.off('close', onSourceClose);
  }
}

/**
 * `receive` into an open file from `position`, each piece shown to `observe` first; a piece of an HTTP body is
 * freed once written (`bodyPieceReleaser`).
 */
async function receiveInto(
  source: Readable,
  handle: FileHandle,
  position: number,
  limit: number,
  observe?: (piece: Buffer) => void,
): Promise<number> {
  const writer = batchedWriter(handle, position, bodyPieceReleaser(source));
  try {
    const size = await receive(source, limit, (piece) => {
      observe?.(piece);
      return writer.push(piece);
    });
    await writer.end();
    return size;
  } catch (error) {
    await writer.settle();
    throw error;
  }
}

/**
 * Chunk bytes of push transactions on disk: `<root>/<transaction>/<chunk index>`. A chunk is written under a
 * temporary name and renamed when complete, so a crash never leaves a partial chunk under its real name. Chunks
 * are not flushed to disk: they only matter until the version commits, and an interrupted upload is redone.
 *
 * A chunk with a place in its file (`chunkLayout`) is instead written at its offset in `<transaction>/file-<n>`,
 * which finish turns into the blob by a rename (no second copy), and marked done by `<chunk index>.placed`
 * (its size and a token naming that write). A write removes the chunk's marker before it starts and creates it
 * exclusively when complete: two writes of one chunk at the same time leave no marker (the chunk counts as
 * missing), and finish, reading the markers before and after it hashes the file, sees any write meanwhile.
 */
export function createUploadArea(
  root: string,
  options: {
    /** Told the size of every chunk stored (the metrics' pushed bytes). */
    onChunkWritten?: (bytes: number) => void;
  } = {},
) {
  const folderOf = (transaction: string) => {
    if (!UUID_PATTERN.test(transaction)) throw new Error(`not a transaction id: ${transaction}`);
    return path.join(root, transaction);
  };
  const chunkPath = (transaction: string, index: number) => path.join(folderOf(transaction), String(index));
  const markerPath = (transaction: string, index: number) =>
    path.join(folderOf(transaction), `${index}.placed`);
  const heldPath = (transaction: string, index: number) => path.join(folderOf(transaction), `${index}.held`);
  /** The file the placed chunks of a transaction's file are written into. */
  const placedPath = (transaction: string, file: number) => path.join(folderOf(transaction), `file-${file}`);
  /** Transaction folders made by this process: a chunk request then skips the `mkdir`. */
  const madeFolders = new Set<string>();
  const ensureFolder = async (folder: string) => {
    if (madeFolders.has(folder)) return;
    await mkdir(folder, { recursive: true });
    if (madeFolders.size >= 1024) madeFolders.clear();
    madeFolders.add(folder);
  };

  /** Streams one chunk to its place (a temporary name, then renamed), showing each piece to `observe`. */
  async function storeChunk(
    transaction: string,
    index: number,
    source: Readable,
    maxBytes: number,
    observe?: (piece: Buffer) => void,
  ): Promise<number> {
    const folder = folderOf(transaction);
    await ensureFolder(folder);
    const partial = path.join(folder, `${index}.${randomUUID()}.part`);
    try {
      const handle = await open(partial, 'wx');
      let size: number;
      try {
        size = await receiveInto(source, handle, 0, maxBytes, observe);
      } finally {
        await handle.close();
      }
      await rm(markerPath(transaction, index), { force: true });
      await rm(heldPath(transaction, index), { force: true });
      await rename(partial, chunkPath(transaction, index));
      options.onChunkWritten?.(size);
      return size;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /**
   * Streams one chunk to its place in its file, showing each piece to `observe`; refuses more than `maxBytes`
   * (ChunkTooBigError) and a body of another size than the place's. Answers the size and the write's token.
   */
  async function placeChunk(
    transaction: string,
    index: number,
    place: Placement,
    source: Readable,
    maxBytes: number,
    observe: (piece: Buffer) => void,
  ): Promise<{ size: number; token: string }> {
    const folder = folderOf(transaction);
    await ensureFolder(folder);
    const marker = markerPath(transaction, index);
    await rm(marker, { force: true });
    await rm(chunkPath(transaction, index), { force: true });
    await rm(heldPath(transaction, index), { force: true });
    const handle = await open(placedPath(transaction, place.file), constants.O_WRONLY | constants.O_CREAT);
    let size: number;
    try {
      size = await receiveInto(source, handle, place.offset, Math.min(maxBytes, place.size), observe);
    } finally {
      await handle.close();
    }
    if (size !== place.size) throw new Error('upload aborted');
    const token = randomUUID();
    try {
      await writeFile(marker, `${size} ${token}`, { flag: 'wx' });
    } catch (error) {
      // Another write of this chunk ended meanwhile: the bytes of the two may be mixed, so neither counts.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') await rm(marker, { force: true });
      throw error;
    }
    options.onChunkWritten?.(size);
    return { size, token };
  }

  /**
   * A chunk of a file the store holds (the same SHA-1 and size): compared, as it arrives, with its place in that
   * blob (`blobFile`), and nothing written while it is equal; marked `<index>.held`. From the first piece that
   * differs, it is stored as a chunk file (the part before taken from the blob), which finish assembles and
   * verifies as any other. Answers the size.
   */
  async function matchChunk(
    transaction: string,
    index: number,
    place: Placement,
    blob: { sha256: string; file: string },
    source: Readable,
    maxBytes: number,
    observe: (piece: Buffer) => void,
  ): Promise<number> {
    const folder = folderOf(transaction);
    await ensureFolder(folder);
    await rm(markerPath(transaction, index), { force: true });
    await rm(heldPath(transaction, index), { force: true });
    await rm(chunkPath(transaction, index), { force: true });
    const stored = await open(blob.file, 'r');
    const release = bodyPieceReleaser(source);
    let spill: { partial: string; handle: FileHandle; writer: ReturnType<typeof batchedWriter> } | undefined;
    let compared = 0;
    let buffer = Buffer.alloc(0);
    /** From here on the chunk is stored: its bytes so far (equal to the blob's) first. */
    const startSpill = async () => {
      const partial = path.join(folder, `${index}.${randomUUID()}.part`);
      const handle = await open(partial, 'wx');
      spill = { partial, handle, writer: batchedWriter(handle, 0, release) };
      for (let at = 0; at < compared;) {
        const part = Buffer.allocUnsafe(Math.min(READ_BUFFER, compared - at));
        const { bytesRead } = await stored.read(part, 0, part.length, place.offset + at);
        if (bytesRead === 0) throw new Error('stored blob shorter than its size');
        await spill.writer.push(part.subarray(0, bytesRead));
        at += bytesRead;
      }
    };
    try {
      const size = await receive(source, Math.min(maxBytes, place.size), async (piece) => {
        observe(piece);
        if (!spill) {
          if (buffer.length < piece.length) buffer = Buffer.allocUnsafe(Math.max(piece.length, 64 * 1024));
          const view = buffer.subarray(0, piece.length);
          let read = 0;
          while (read < piece.length) {
            const { bytesRead } = await stored.read(
              view,
              read,
              piece.length - read,
              place.offset + compared + read,
            );
            if (bytesRead === 0) break;
            read += bytesRead;
          }
          if (read === piece.length && view.equals(piece)) {
            compared += piece.length;
            release?.(piece);
            return;
          }
          await startSpill();
        }
        await spill?.writer.push(piece);
      });
      if (size !== place.size) throw new Error('upload aborted');
      if (spill) {
        await spill.writer.end();
        await spill.handle.close();
        await rename(spill.partial, chunkPath(transaction, index));
      } else {
        await writeFile(heldPath(transaction, index), `${size} ${blob.sha256}`);
      }
      options.onChunkWritten?.(size);
      return size;
    } catch (error) {
      if (spill) {
        await spill.writer.settle();
        await spill.handle.close().catch(() => undefined);
        await rm(spill.partial, { force: true });
      }
      throw error;
    } finally {
      await stored.close();
    }
  }

  /** The chunks present, by index (missing ones are absent): a stored chunk file first, else a placed one. */
  async function chunkStates(transaction: string, indexes: number[]): Promise<Map<number, ChunkState>> {
    const states = new Map<number, ChunkState>();
    for (const index of indexes) {
      try {
        states.set(index, { size: (await stat(chunkPath(transaction, index))).size });
        continue;
      } catch {
        // not stored whole: maybe placed
      }
      try {
        const [size, token] = (await readFile(markerPath(transaction, index), 'utf8')).split(' ');
        if (token && Number.isSafeInteger(Number(size))) states.set(index, { size: Number(size), token });
        continue;
      } catch {
        // not placed: maybe held
      }
      try {
        const [size, held] = (await readFile(heldPath(transaction, index), 'utf8')).split(' ');
        if (held && Number.isSafeInteger(Number(size))) states.set(index, { size: Number(size), held });
      } catch {
        // missing: the caller reports the file as corrupted
      }
    }
    return states;
  }

  return {
    root,
    placeChunk,
    matchChunk,
    placedPath,
    chunkStates,

    /**
     * Bytes of a transaction's placed file, read through one buffer (`readThrough`): each piece is valid until the
     * next is asked for.
     */
    readPlaced(transaction: string, file: number, start: number, size: number): AsyncIterable<Buffer> {
      return readThrough(placedPath(transaction, file), start, size);
    },

    /**
     * Streams one chunk to disk while hashing it (SHA-1, the API's checksum); refuses more than `maxBytes`.
     * A second upload of the same chunk replaces the first.
     */
    async writeChunk(
      transaction: string,
      index: number,
      source: Readable,
      maxBytes: number,
    ): Promise<{ checksum: string; size: number }> {
      const hash = createHash('sha1');
      const size = await storeChunk(transaction, index, source, maxBytes, (piece) => hash.update(piece));
      return { checksum: hash.digest('hex'), size };
    },

    /** `writeChunk` without the checksum (v2 chunks: their answer has none); answers the size. */
    storeChunk: (transaction: string, index: number, source: Readable, maxBytes: number) =>
      storeChunk(transaction, index, source, maxBytes),

    /** Sizes of the chunks present, by index (missing ones are absent). */
    async chunkSizes(transaction: string, indexes: number[]): Promise<Map<number, number>> {
      const states = await chunkStates(transaction, indexes);
      return new Map([...states].map(([index, state]) => [index, state.size]));
    },

    /**
     * Where a chunk's bytes are, once complete (for the blob store to link, or another area to adopt); only ever
     * replaced by a rename, never written in place.
     */
    chunkFile: chunkPath,

    /**
     * The concatenation of these chunks, read one after another: each from its chunk file, or (a placed chunk,
     * whose place `layout` gives) from its file. The pieces are read into a ring of CHUNK_READ_RING buffers
     * (`readInTurn`): a consumer must be done with each piece before it asks for the CHUNK_READ_RING-th after it
     * (a blob store's `stage` holds one piece being written while it hashes the next).
     */
    readChunks(
      transaction: string,
      indexes: number[],
      layout?: Map<number, Placement>,
      blobFile?: (sha256: string) => string,
    ): AsyncIterable<Buffer> {
      return (async function* () {
        const ring = bufferRing(CHUNK_READ_RING);
        for (const index of indexes) {
          const place = layout?.get(index);
          const whole = chunkPath(transaction, index);
          const stored =
            place === undefined ||
            (await stat(whole).then(
              () => true,
              () => false,
            ));
          const held =
            stored || !blobFile
              ? undefined
              : await readFile(heldPath(transaction, index), 'utf8').then(
                  (text) => text.split(' ')[1],
                  () => undefined,
                );
          const from = (file: string) => readInTurn(file, place?.offset ?? 0, place?.size ?? 0, ring);
          yield* stored
            ? readInTurn(whole, 0, Number.POSITIVE_INFINITY, ring)
            : held && blobFile
              ? from(blobFile(held))
              : from(placedPath(transaction, place.file));
        }
      })();
    },

    /**
     * Takes a file stored elsewhere as a chunk of a transaction: a hard link (no copy; the source stays), or a
     * copy where links are not possible. False when the source is gone.
     */
    async adoptFile(transaction: string, index: number, source: string): Promise<boolean> {
      await ensureFolder(folderOf(transaction));
      const target = chunkPath(transaction, index);
      await rm(target, { force: true });
      try {
        await link(source, target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        await copyFile(source, target, constants.COPYFILE_EXCL);
        return true;
      }
    },

    /** Drops a transaction's bytes (idempotent). */
    async remove(transaction: string): Promise<void> {
      const folder = folderOf(transaction);
      madeFolders.delete(folder);
      await rm(folder, { recursive: true, force: true });
    },

    /** Transaction folders on disk with their last change, for the cleanup job; stray names are included as-is. */
    async list(): Promise<Array<{ name: string; isTransaction: boolean; modified: Date }>> {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return [];
      }
      const out = [];
      for (const name of names) {
        try {
          const info = await stat(path.join(root, name));
          out.push({ name, isTransaction: UUID_PATTERN.test(name), modified: info.mtime });
        } catch {
          // removed meanwhile
        }
      }
      return out;
    },

    /** Removes any entry under the root by name (the cleanup job's stray files). */
    async removeEntry(name: string): Promise<void> {
      if (name.includes('/') || name === '..' || name === '.') return;
      madeFolders.delete(path.join(root, name));
      await rm(path.join(root, name), { recursive: true, force: true });
    },
  };
}

export type UploadArea = ReturnType<typeof createUploadArea>;
