import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, open, rm, stat } from 'node:fs/promises';
import { removeFile } from '../lib/remove-file.ts';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { bufferRing, readInTurn, readThrough } from '../storage/reused-reads.ts';
import type { Placement } from './chunk-layout.ts';
import { createChunkWrites } from './chunk-writes.ts';
import { createUploadFolder, listEntries, removeEntry } from './upload-folder.ts';

/**
 * A chunk present: its size, and for one written into its file (`placeChunk`) the token of that write, or for one
 * found equal to its place in a stored blob (`matchChunk`, nothing written) that blob's SHA-256.
 */
export type ChunkState = { size: number; token?: string; held?: string };

/**
 * Buffers the pieces of `readChunks` are read into in turn: one piece being written while the next is hashed, one
 * being read, one spare.
 */
const CHUNK_READ_RING = 3;

/** The most a chunk's marker holds: its size and a token (a UUID) or a SHA-256. */
const MARKER_BYTES = 128;

/**
 * The text of a chunk's marker, undefined when it cannot be read (not there): one `open`, one `read` and a
 * `close`, where `readFile` also asks the size (`fstat`) and reads until the end.
 */
async function readMarker(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.allocUnsafe(MARKER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MARKER_BYTES, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/**
 * Chunk bytes of push transactions on disk, in a folder per transaction (`createUploadFolder`): written as they
 * arrive (`createChunkWrites`: stored whole, placed in their file, or matched with a stored blob), read back for
 * the finish, adopted from elsewhere, and removed with their transaction or by the cleanup job.
 */
export function createUploadArea(
  root: string,
  options: {
    /** Told the size of every chunk stored (the metrics' pushed bytes). */
    onChunkWritten?: (bytes: number) => void;
  } = {},
) {
  const folders = createUploadFolder(root);
  const { folderOf, chunkPath, markerPath, heldPath, placedPath, ensureFolder } = folders;
  const { storeChunk, placeChunk, matchChunk } = createChunkWrites(folders, options);

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
      const placed = await readMarker(markerPath(transaction, index));
      if (placed) {
        const [size, token] = placed.split(' ');
        if (token && Number.isSafeInteger(Number(size))) states.set(index, { size: Number(size), token });
        continue;
      }
      const [size, held] = (await readMarker(heldPath(transaction, index)))?.split(' ') ?? [];
      // Missing: the caller reports the file as corrupted.
      if (held && Number.isSafeInteger(Number(size))) states.set(index, { size: Number(size), held });
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
     * The tokens of the placed chunks' markers, by index (none for a chunk without one): what the finish reads
     * again after hashing a placed file. Every other write of a chunk removes its marker first (or, writing it
     * exclusively, leaves none), so the markers alone tell whether a write came meanwhile.
     */
    async placedTokens(transaction: string, indexes: number[]): Promise<Map<number, string | undefined>> {
      const tokens = new Map<number, string | undefined>();
      for (const index of indexes) {
        tokens.set(index, (await readMarker(markerPath(transaction, index)))?.split(' ')[1]);
      }
      return tokens;
    },

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
            stored || !blobFile ? undefined : (await readMarker(heldPath(transaction, index)))?.split(' ')[1];
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
     * Takes a file stored elsewhere as a chunk of a transaction, replacing any it had: a hard link (no copy; the
     * source stays), or a copy where links are not possible. False when the source is not there (or is a folder).
     */
    async adoptFile(transaction: string, index: number, source: string): Promise<boolean> {
      await ensureFolder(folderOf(transaction));
      const target = chunkPath(transaction, index);
      const linked = async (first = true): Promise<boolean> => {
        try {
          await link(source, target);
          return true;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'ENOTDIR') return false;
          if (code === 'EEXIST' && first) {
            await removeFile(target);
            return linked(false);
          }
          // A folder cannot be linked (nor copied); a file can be copied where it cannot be linked.
          if ((await stat(source)).isDirectory()) return false;
          await copyFile(source, target, constants.COPYFILE_EXCL);
          return true;
        }
      };
      return linked();
    },

    /** Drops a transaction's bytes (idempotent). */
    async remove(transaction: string): Promise<void> {
      const folder = folderOf(transaction);
      folders.forget(folder);
      await rm(folder, { recursive: true, force: true });
    },

    /** Transaction folders on disk with their last change, for the cleanup job; stray names are included as-is. */
    list: () => listEntries(root),

    /** Removes any entry under the root by name (the cleanup job's stray files). */
    async removeEntry(name: string): Promise<void> {
      folders.forget(path.join(root, name));
      await removeEntry(root, name);
    },
  };
}

export type UploadArea = ReturnType<typeof createUploadArea>;
