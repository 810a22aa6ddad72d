import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import parseRange from 'range-parser';
import { sendError } from '../plugins/problem.ts';
import type { Readable } from 'node:stream';

/** A stored blob as one HTTP representation: its bytes are named by their SHA-256, which is also its ETag. */
export type BlobAnswer = {
  sha256: string;
  size: number;
  contentType: string;
  /** The `Content-Disposition` header. */
  disposition: string;
  /** When these bytes became what the address answers (the version that wrote them). */
  lastModified?: Date;
};

/**
 * The answer's byte range (RFC 9110 §14, §13.1.5): the one range of a `Range` header of unit bytes, when no
 * `If-Range` or one naming this representation; undefined for the whole body (no header, another unit, several
 * ranges, a malformed value, a stale `If-Range`), 'unsatisfiable' for a range entirely beyond the end (416).
 */
/** A span of bytes, first and last included (as range-parser and the blob store give them). */
type ByteRange = { start: number; end: number };

/** What reads stored bytes: the storage service. */
export type BlobReader = {
  read(sha256: string, range?: ByteRange): Readable;
  readWhole(sha256: string, size: number): Readable;
};

function rangeOf(
  request: FastifyRequest,
  blob: BlobAnswer,
  etag: string,
): ByteRange | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (!header) return undefined;
  const ifRange = request.headers['if-range'];
  if (typeof ifRange === 'string') {
    // A strong comparison: the ETag itself, or exactly the date of Last-Modified (one-second precision).
    const matches = ifRange.startsWith('"')
      ? ifRange === etag
      : blob.lastModified !== undefined &&
        Date.parse(ifRange) === Math.floor(blob.lastModified.getTime() / 1000) * 1000;
    if (!matches) return undefined;
  }
  const ranges = parseRange(blob.size, header);
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return ranges[0];
}

/**
 * Sends a stored blob as a file download: `Range` (one range, 206; 416 beyond the end) and `If-Range`, the ETag
 * (the SHA-256) and Last-Modified with `If-None-Match`/`If-Modified-Since` (304, so a browser revalidates its
 * copy rather than download it again: `Cache-Control: private, no-cache`), and HEAD without reading the bytes.
 */
export function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: BlobReader,
  blob: BlobAnswer,
): FastifyReply {
  const etag = `"${blob.sha256}"`;
  const lastModified = blob.lastModified?.toUTCString();
  reply.header('Accept-Ranges', 'bytes').header('ETag', etag).header('Cache-Control', 'private, no-cache');
  if (lastModified) reply.header('Last-Modified', lastModified);
  if (fresh(request.headers, { etag, 'last-modified': lastModified })) return reply.status(304).send();
  const range = rangeOf(request, blob, etag);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${blob.size}`);
    return sendError(reply, 416, { detail: 'Requested range not satisfiable' });
  }
  reply.header('Content-Type', blob.contentType).header('Content-Disposition', blob.disposition);
  if (range) {
    reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
  }
  reply.header('Content-Length', range ? range.end - range.start + 1 : blob.size);
  // HEAD: the headers of GET, and the bytes are never read (the route declares HEAD itself, so Fastify keeps
  // this Content-Length).
  if (request.method === 'HEAD') return reply.send();
  // The whole file as a range: read buffers no larger than the file, and no read past its end.
  return reply.send(range ? storage.read(blob.sha256, range) : storage.readWhole(blob.sha256, blob.size));
}
