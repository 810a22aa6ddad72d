import { close, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import { bufferRing } from './reused-reads.ts';

/** Buffers a stream reads into, in turn: one in the stream's queue, one in the socket's, one being read, one spare. */
const RING = 4;

/**
 * A file's bytes (or the inclusive range `start`–`end`) read into a ring of `RING` buffers of `bufferSize` bytes
 * reused in turn, instead of a new buffer per read: a download of 1 GiB otherwise makes 1 GiB of short-lived
 * external memory, whose collection (full collections of the whole heap, PGlite's included) cost more CPU than
 * reading and sending the bytes (issue 26). A buffer is read into again `RING` reads after it was pushed.
 *
 * Only for a consumer that is done with a piece once it asks for the `RING - 1`th after it: `pipe` into one HTTP
 * response (what `reply.send` does), which writes each piece to the socket and waits for `drain` when the
 * socket holds more than its high-water mark. Never for consumers that keep pieces (collecting, zipping).
 */
export function recyclingReadStream(
  file: string,
  options: { start?: number; end?: number; bufferSize: number },
): Readable {
  const end = options.end ?? Number.POSITIVE_INFINITY;
  let position = options.start ?? 0;
  let fd: number | undefined;
  const ring = bufferRing(RING, options.bufferSize);
  return new Readable({
    highWaterMark: options.bufferSize,
    construct(callback) {
      open(file, 'r', (error, opened) => {
        fd = opened;
        callback(error);
      });
    },
    read() {
      const left = end - position + 1;
      if (left <= 0 || fd === undefined) {
        this.push(null);
        return;
      }
      const buffer = ring.next();
      read(fd, buffer, 0, Math.min(buffer.length, left), position, (error, bytesRead) => {
        if (error) return this.destroy(error);
        if (bytesRead === 0) return this.push(null);
        position += bytesRead;
        this.push(buffer.subarray(0, bytesRead));
      });
    },
    destroy(error, callback) {
      if (fd === undefined) return callback(error);
      close(fd, () => callback(error));
      fd = undefined;
    },
  });
}
