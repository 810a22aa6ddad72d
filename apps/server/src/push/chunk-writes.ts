import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { bodyPieceReleaser } from '../lib/release-buffer.ts';
import { removeFile } from '../lib/remove-file.ts';
import type { Placement } from './chunk-layout.ts';
import { batchedWriter, receive, receiveInto } from './receive-body.ts';
import type { UploadFolder } from './upload-folder.ts';

/**
 * `fresh`: the caller found no state of the chunk just before (`chunkStates`), so there is nothing of an earlier
 * write to remove first. A write of the same chunk that ends meanwhile is still caught: the marker is created
 * exclusively, and two writes at the same time leave none, as when both had removed the states first.
 */
type WriteOptions = { fresh?: boolean };

/** Read buffer for assembling files: large reads keep the per-byte cost of big files low. */
const READ_BUFFER = 1024 * 1024;

/**
 * The three ways a chunk arrives in its transaction's folder (`createUploadFolder`), each telling `onChunkWritten`
 * its size. A chunk stored whole is written under a temporary name and renamed when complete, so a crash never
 * leaves a partial chunk under its real name. A placed chunk's write removes its marker before it starts and
 * creates it exclusively when complete: two writes of one chunk at the same time leave no marker (the chunk counts
 * as missing), and finish, reading the markers before and after it hashes the file, sees any write meanwhile.
 * Chunks are not flushed to disk: they only matter until the version commits, and an interrupted upload is redone.
 */
export function createChunkWrites(
  folders: UploadFolder,
  options: {
    /** Told the size of every chunk stored (the metrics' pushed bytes). */
    onChunkWritten?: (bytes: number) => void;
  } = {},
) {
  const { folderOf, chunkPath, markerPath, heldPath, placedPath, ensureFolder } = folders;

  /** What an earlier write of the chunk left: its marker, its stored file, its held mark. */
  async function removeStates(transaction: string, index: number): Promise<void> {
    await removeFile(markerPath(transaction, index));
    await removeFile(chunkPath(transaction, index));
    await removeFile(heldPath(transaction, index));
  }

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
      await removeFile(markerPath(transaction, index));
      await removeFile(heldPath(transaction, index));
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
   * (ChunkTooBigError) and a body of another size than the place's. Answers the size and the write's token.
   */
  async function placeChunk(
    transaction: string,
    index: number,
    place: Placement,
    source: Readable,
    maxBytes: number,
    observe: (piece: Buffer) => void,
    { fresh = false }: WriteOptions = {},
  ): Promise<{ size: number; token: string }> {
    const folder = folderOf(transaction);
    await ensureFolder(folder);
    const marker = markerPath(transaction, index);
    if (!fresh) await removeStates(transaction, index);
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
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') await removeFile(marker);
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
    { fresh = false }: WriteOptions = {},
  ): Promise<number> {
    const folder = folderOf(transaction);
    await ensureFolder(folder);
    if (!fresh) await removeStates(transaction, index);
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
        await removeFile(spill.partial);
      }
      throw error;
    } finally {
      await stored.close();
    }
  }

  return { storeChunk, placeChunk, matchChunk };
}
