import { type FileHandle, open } from 'node:fs/promises';
import { releaseBuffer } from '../lib/release-buffer.ts';

/** Large reads: the cost per byte, not per system call. */
const READ_BUFFER = 1024 * 1024;

/** Buffers handed out in turn (`next`), each made on first use; `release` frees them (`releaseBuffer`). */
export type BufferRing = { next(): Buffer; release(): void };

/**
 * `count` buffers of `size` bytes handed out in turn: the one `next` answers is handed out again `count` calls
 * later.
 */
export function bufferRing(count: number, size: number = READ_BUFFER): BufferRing {
  const buffers: Buffer[] = [];
  let turn = 0;
  return {
    next() {
      const slot = turn % count;
      turn += 1;
      buffers[slot] ??= Buffer.allocUnsafeSlow(size);
      return buffers[slot];
    },
    release() {
      for (const buffer of buffers.splice(0)) releaseBuffer(buffer);
    },
  };
}

/**
 * The bytes of a file from `start`, `size` of them (fewer when the file ends before), each piece read into the
 * ring's next buffer rather than a new one: a push reads back up to a GiB per GiB pushed (to hash chunks that came
 * early, to assemble v2 files), and a new buffer per read is that much short-lived memory outside the heap, whose
 * collections are full collections of the whole heap (`releaseBuffer`). A piece is valid until its buffer comes
 * round again: the consumer must be done with it before it asks for the ring's size-th piece after it.
 */
export async function* readInTurn(
  file: string,
  start: number,
  size: number,
  ring: BufferRing,
): AsyncGenerator<Buffer> {
  if (size <= 0) return;
  const handle = await open(file, 'r');
  try {
    yield* readHandleInTurn(handle, start, size, ring);
  } finally {
    await handle.close();
  }
}

/** `readInTurn` from a file the caller opened (and closes). */
async function* readHandleInTurn(
  handle: FileHandle,
  start: number,
  size: number,
  ring: BufferRing,
): AsyncGenerator<Buffer> {
  for (let at = 0; at < size;) {
    const buffer = ring.next();
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - at), start + at);
    if (bytesRead === 0) return;
    at += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/**
 * `readInTurn` through a single buffer (of at most `size` bytes), freed at the end: for a consumer that is done with
 * each piece before it asks for the next (hashing, comparing).
 */
export async function* readThrough(file: string, start: number, size: number): AsyncGenerator<Buffer> {
  const ring = bufferRing(1, Math.max(1, Math.min(READ_BUFFER, size)));
  try {
    yield* readInTurn(file, start, size, ring);
  } finally {
    ring.release();
  }
}

/** `readThrough` of a file the caller opened (and closes): e.g. read back, then flushed, through one `open`. */
export async function* readHandleThrough(
  handle: FileHandle,
  start: number,
  size: number,
): AsyncGenerator<Buffer> {
  const ring = bufferRing(1, Math.max(1, Math.min(READ_BUFFER, size)));
  try {
    yield* readHandleInTurn(handle, start, size, ring);
  } finally {
    ring.release();
  }
}
