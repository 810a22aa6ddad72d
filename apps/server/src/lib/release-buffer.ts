import { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * Frees the memory of a buffer that owns all of its ArrayBuffer, now, rather than at the next full collection of
 * the heap: its ArrayBuffer is detached (`transfer(0)`), which gives the bytes back at once and takes them off the
 * external memory V8 counts. Every view of those bytes is then empty: only for a buffer nobody else holds, once
 * nothing reads it any more (a write of it finished, not in flight). A buffer that shares its ArrayBuffer (a slice,
 * a pooled small buffer) is left alone.
 *
 * Why (issue 26): a push of 1 GiB makes 1 GiB of short-lived buffers outside the heap (the request bodies, the
 * reads of files), and every ~64 MiB of them makes V8 start a full collection of the whole heap, PGlite's
 * included (~45 MB live: 25–30 of them per GiB pushed, more CPU than hashing the bytes); the young collections
 * that would free them rarely run, since the bytes are not on the heap.
 */
export function releaseBuffer(buffer: Buffer): void {
  const whole = buffer.buffer as ArrayBuffer & { transfer?(length: number): ArrayBuffer };
  // Node 20 (which `engines` allows) has no `transfer`: there the bytes wait for the collector, as before.
  if (typeof whole.transfer !== 'function') return;
  if (whole instanceof ArrayBuffer && buffer.byteOffset === 0 && buffer.length === whole.byteLength)
    whole.transfer(0);
}

/**
 * `releaseBuffer` for the pieces of a request body read from `source`, when they are the server's alone: Node's
 * HTTP parser hands each socket read of a body to JavaScript as a copy of its own (64 KiB at most) that nothing
 * else keeps once it is read from the request. Undefined for any other stream (an injected request's pieces may
 * be the caller's buffers).
 */
export function bodyPieceReleaser(source: Readable): ((piece: Buffer) => void) | undefined {
  return source instanceof IncomingMessage ? releaseBuffer : undefined;
}
