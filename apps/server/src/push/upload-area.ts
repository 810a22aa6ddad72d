import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, rm, stat } from 'node:fs/promises';
import { removeFile } from '../lib/remove-file.ts';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { bufferRing, readInTurn, readThrough } from '../storage/reused-reads.ts';
import type { Placement } from './chunk-layout.ts';
import { createChunkWrites } from './chunk-writes.ts';
import { createUploadFolder, listEntries, removeEntry } from './upload-folder.ts';

/**
 * A chunk present (`upload_chunks`): its size, and for one written into its file (`placeChunk`) the token of that
 * write, or for one found equal to its place in a stored blob (`matchChunk`, nothing written) that blob's SHA-256.
 */
export type ChunkState = { size: number; token?: string; held?: string };

/**
 * Buffers the pieces of `readChunks` are read into in turn: one piece being written while the next is hashed, one
 * being read, one spare.
 */
const CHUNK_READ_RING = 3;

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
  const { folderOf, chunkPath, placedPath, ensureFolder } = folders;
  const { storeChunk, placeChunk, matchChunk } = createChunkWrites(folders, options);

  return {
    root,
    placeChunk,
    matchChunk,
    placedPath,

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

    /**
     * Where a chunk's bytes are, once complete (for the blob store to link, or another area to adopt); only ever
     * replaced by a rename, never written in place.
     */
    chunkFile: chunkPath,

    /**
     * The concatenation of these chunks, read one after another, each where its state (`states`, from the
     * database) says: from the stored blob it was found equal to (`blobFile`), from its file at its place (a placed
     * chunk, whose place `layout` gives), else from its chunk file. The pieces are read into a ring of CHUNK_READ_RING buffers
     * (`readInTurn`): a consumer must be done with each piece before it asks for the CHUNK_READ_RING-th after it
     * (a blob store's `stage` holds one piece being written while it hashes the next).
     */
    readChunks(
      transaction: string,
      indexes: number[],
      states: Map<number, ChunkState>,
      layout: Map<number, Placement>,
      blobFile: (sha256: string) => string,
    ): AsyncIterable<Buffer> {
      return (async function* () {
        const ring = bufferRing(CHUNK_READ_RING);
        for (const index of indexes) {
          const place = layout.get(index);
          const state = states.get(index);
          const from = (file: string) => readInTurn(file, place?.offset ?? 0, place?.size ?? 0, ring);
          if (place && state?.held !== undefined) yield* from(blobFile(state.held));
          else if (place && state?.token !== undefined) yield* from(placedPath(transaction, place.file));
          else yield* readInTurn(chunkPath(transaction, index), 0, Number.POSITIVE_INFINITY, ring);
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
