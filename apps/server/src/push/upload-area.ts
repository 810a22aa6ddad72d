import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Raised when a chunk's body exceeds the limit; the partial file is already gone. */
export class ChunkTooBigError extends Error {}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Read buffer for assembling files: large reads keep the per-byte cost of big files low. */
const READ_BUFFER = 1024 * 1024;

/**
 * Chunk bytes of push transactions on disk: `<root>/<transaction>/<chunk index>`. A chunk is written under a
 * temporary name and renamed when complete, so a crash never leaves a partial chunk under its real name. Chunks
 * are not flushed to disk: they only matter until the version commits, and an interrupted upload is redone.
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
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) return callback(new ChunkTooBigError('chunk too big'));
        observe?.(chunk);
        callback(null, chunk);
      },
    });
    // The request is piped, not pipelined: refusing an oversized chunk must not destroy the socket before the
    // answer is written (the caller closes the connection after answering instead).
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
      await pipeline(measure, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, chunkPath(transaction, index));
      options.onChunkWritten?.(size);
      return size;
    } catch (error) {
      source.unpipe(measure);
      source.pause();
      await rm(partial, { force: true });
      throw error;
    } finally {
      source.off('error', onSourceError);
      source.off('close', onSourceClose);
    }
  }

  return {
    root,

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
      const sizes = new Map<number, number>();
      for (const index of indexes) {
        try {
          sizes.set(index, (await stat(chunkPath(transaction, index))).size);
        } catch {
          // missing: the caller reports the file as corrupted
        }
      }
      return sizes;
    },

    /**
     * Where a chunk's bytes are, once complete (for the blob store to link, or another area to adopt); only ever
     * replaced by a rename, never written in place.
     */
    chunkFile: chunkPath,

    /** The concatenation of these chunks, read one after another. */
    readChunks(transaction: string, indexes: number[]): AsyncIterable<Buffer> {
      const paths = indexes.map((index) => chunkPath(transaction, index));
      return (async function* () {
        for (const file of paths) {
          for await (const piece of createReadStream(file, { highWaterMark: READ_BUFFER })) {
            yield piece as Buffer;
          }
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
