import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bodyPieceReleaser, releaseBuffer } from './release-buffer.ts';

describe('releaseBuffer', () => {
  it('frees a buffer that owns its whole ArrayBuffer at once', () => {
    const before = process.memoryUsage().arrayBuffers;
    const buffers = Array.from({ length: 16 }, () => Buffer.allocUnsafeSlow(1024 * 1024));
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    for (const buffer of buffers) releaseBuffer(buffer);
    expect(buffers.every((buffer) => buffer.length === 0)).toBe(true);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1024 * 1024);
  });

  it('leaves alone a buffer that shares its ArrayBuffer (a slice, a pooled small buffer)', () => {
    const whole = Buffer.alloc(4096, 1);
    const slice = whole.subarray(0, 100);
    releaseBuffer(slice);
    expect(slice.length).toBe(100);
    expect(whole.length).toBe(4096);
    const pooled = Buffer.from('pooled');
    releaseBuffer(pooled);
    expect(pooled.toString()).toBe('pooled');
  });

  it('keeps the buffer as it is where ArrayBuffer has no transfer (Node 20, which engines allows)', () => {
    const prototype = ArrayBuffer.prototype as { transfer?: unknown };
    const transfer = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'transfer');
    delete prototype.transfer;
    try {
      const buffer = Buffer.allocUnsafeSlow(1024).fill(7);
      expect(() => releaseBuffer(buffer)).not.toThrow();
      expect(buffer.length).toBe(1024);
      expect(buffer[1023]).toBe(7);
    } finally {
      if (transfer) Object.defineProperty(ArrayBuffer.prototype, 'transfer', transfer);
    }
  });
});

describe('bodyPieceReleaser', () => {
  it('is undefined for a stream that is not a request of node:http (an injected body is the caller’s)', () => {
    expect(bodyPieceReleaser(Readable.from([Buffer.from('x')]))).toBeUndefined();
  });

  it('frees the pieces of a real request body once read, each its own copy of the bytes', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < body.length; i += 1) body[i] = (i * 31 + (i >> 12)) & 255;
    const server = http.createServer((request, response) => {
      const release = bodyPieceReleaser(request);
      const hash = createHash('sha1');
      let released = 0;
      request.on('data', (piece: Buffer) => {
        hash.update(piece);
        release?.(piece);
        if (piece.length === 0) released += 1;
      });
      request.on('end', () => response.end(JSON.stringify({ sha1: hash.digest('hex'), released })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const answer = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body });
      const { sha1, released } = (await answer.json()) as { sha1: string; released: number };
      expect(sha1).toBe(createHash('sha1').update(body).digest('hex'));
      // Every piece owned its bytes: each was freed (an empty view afterwards).
      expect(released).toBeGreaterThan(16);
    } finally {
      server.close();
    }
  });
});
