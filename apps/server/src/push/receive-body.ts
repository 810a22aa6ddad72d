import type { FileHandle } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { bodyPieceReleaser } from '../lib/release-buffer.ts';

/** Raised when a chunk's body exceeds the limit; the partial file is already gone. */
export class ChunkTooBigError extends Error {}

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
export function batchedWriter(handle: FileHandle, position: number, release?: (piece: Buffer) => void) {
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
export async function receive(
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
export async function receiveInto(
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
