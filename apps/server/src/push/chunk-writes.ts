import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { bodyPieceReleaser } from '../lib/release-buffer.ts';
import { removeFile } from '../lib/remove-file.ts';
import type { Placement } from './chunk-layout.ts';
import { batchedWriter, receive, receiveInto } from './receive-body.ts';
import type { UploadFolder } from './upload-folder.ts';

/** Read buffer for assembling files: large reads keep the per-byte cost of big files low. */
const READ_BUFFER = 1024 * 1024;

/**
 * The three ways a chunk arrives in its transaction's folder (`createUploadFolder`), each telling `onChunkWritten`
 * its size. A chunk stored whole is written under a temporary name and renamed when complete, so a crash never
 * leaves a partial chunk under its real name. Which of them a chunk is, and whether it is complete, is recorded in
 * the database by the caller (`upload_chunks`: removed before a write starts, added once it is complete), never
 * read from the folder: the bytes of an earlier write of another kind may stay there, unread.
 * Chunks are not flushed to disk: they only matter until the version commits, and an interrupted upload is redone.
 */
export function createChunkWrites(
  folders: UploadFolder,
  options: {
    /** Told the size of every chunk stored (the metrics' pushed bytes). */
    onChunkWritten?: (bytes: number) => void;
  } = {},
) {
  const { folderOf, chunkPath, placedPath, ensureFolder } = folders;

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
      await rename(partial, chunkPath(transaction, index));
      options.onChunkWritten?.(size);
      return size;
    } catch (error) {
      await removeFile(partial);
      throw error;
    }
  }

  /**
   * Streams one chunk to its place in its file, showing each piece to `observe`; refuses more than `maxBytes`
   * (ChunkTooBigError) and a body of another size than the place's. Answers the size and a new token naming the
   * write (the key of its running hashes).
   */
  async function placeChunk(
    transaction: string,
    index: number,
    place: Placement,
    source: Readable,
    maxBytes: number,
    observe: (piece: Buffer) => void,
  ): Promise<{ size: number; token: string }> {
    await ensureFolder(folderOf(transaction));
    const handle = await open(placedPath(transaction, place.file), constants.O_WRONLY | constants.O_CREAT);
    let size: number;
    try {
      size = await receiveInto(source, handle, place.offset, Math.min(maxBytes, place.size), observe);
    } finally {
      await handle.close();
    }
    if (size !== place.size) throw new Error('upload aborted');
    options.onChunkWritten?.(size);
    return { size, token: randomUUID() };
  }

  /**
   * A chunk of a file the store holds (the same SHA-1 and size): compared, as it arrives, with its place in that
   * blob (`blobFile`), and nothing written while it is equal; nothing written. From the first piece that
   * differs, it is stored as a chunk file (the part before taken from the blob), which finish assembles and
   * verifies as any other. Answers the size, and whether it was stored (else it is the blob's bytes).
   */
  async function matchChunk(
    transaction: string,
    index: number,
    place: Placement,
    blob: { file: string },
    source: Readable,
    maxBytes: number,
    observe: (piece: Buffer) => void,
  ): Promise<{ size: number; stored: boolean }> {
    const folder = folderOf(transaction);
    await ensureFolder(folder);
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
      }
      options.onChunkWritten?.(size);
      return { size, stored: spill !== undefined };
    } catch (error) {
      if (spill) {
        await spill.writer.settle();
        await spill.handle.close().catch(() => undefined);
        await removeFile(spill.partial);
      }
      throw error;
    } finally {
      await stored.close();
    }
  }

  return { storeChunk, placeChunk, matchChunk };
}
