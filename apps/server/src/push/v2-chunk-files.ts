import { mkdir, open, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { removeFile } from '../lib/remove-file.ts';
import { listEntries, removeEntry, UUID_PATTERN } from './upload-folder.ts';
import { receiveInto } from './receive-body.ts';

/**
 * The v2 chunks on disk, until a push links them into its transaction or they expire: one file per chunk,
 * `<root>/<id>`, written under that name at once. Its id is new (the server's) and nobody learns it before the
 * write is complete (the answer names it), so no push can use a chunk still being written, and what a crash
 * leaves half-written is an id nobody knows, removed when it expires. One `open`, the writes and a `close` per
 * chunk, and one `unlink` once used (a folder per chunk, `<root>/<id>/0` as servers before this one stored them,
 * cost a `mkdir`, a temporary name, a `rename` and a recursive removal: such chunks are still found and removed).
 * Not flushed: a chunk matters only until the version that uses it commits, which flushes its blob.
 */
export function createV2ChunkFiles(
  root: string,
  options: {
    /** Told the size of every chunk stored (the metrics' pushed bytes). */
    onChunkWritten?: (bytes: number) => void;
  } = {},
) {
  let madeRoot = false;
  const fileOf = (id: string) => {
    if (!UUID_PATTERN.test(id)) throw new Error(`not a chunk id: ${id}`);
    return path.join(root, id);
  };

  async function create(file: string) {
    try {
      if (!madeRoot) await mkdir(root, { recursive: true });
      madeRoot = true;
      return await open(file, 'wx');
    } catch (error) {
      // The root went meanwhile: made again once.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !madeRoot) throw error;
      madeRoot = false;
      await mkdir(root, { recursive: true });
      madeRoot = true;
      return open(file, 'wx');
    }
  }

  return {
    /** Streams a new chunk to its file; refuses more than `maxBytes` (ChunkTooBigError). Answers the size. */
    async store(id: string, source: Readable, maxBytes: number): Promise<number> {
      const file = fileOf(id);
      const handle = await create(file);
      let size: number;
      try {
        size = await receiveInto(source, handle, 0, maxBytes);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await removeFile(file);
        throw error;
      }
      await handle.close();
      options.onChunkWritten?.(size);
      return size;
    },

    /** Where a complete chunk's bytes may be, in the order to try: its file, then the folder layout of before. */
    places: (id: string): string[] => [fileOf(id), path.join(fileOf(id), '0')],

    /** Removes a chunk, in either layout (idempotent). */
    async remove(id: string): Promise<void> {
      const file = fileOf(id);
      try {
        await unlink(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return;
        if (code !== 'EISDIR' && code !== 'EPERM') throw error;
        await rm(file, { recursive: true, force: true });
      }
    },

    /** Chunks (and stray entries) with their last change, for the cleanup job. */
    list: () => listEntries(root),

    /** Removes any entry under the root by name (the cleanup job's expired chunks and strays). */
    removeEntry: (name: string) => removeEntry(root, name),
  };
}

export type V2ChunkFiles = ReturnType<typeof createV2ChunkFiles>;
