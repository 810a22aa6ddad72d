import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recyclingReadStream } from './recycling-read-stream.ts';

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('recyclingReadStream piped into an HTTP response', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'recycling-'));
  const file = path.join(dir, 'bytes');
  // Many times the ring (4 × 64 KiB), so every buffer is read into again many times while answers are in flight.
  const bytes = randomBytes(24 * 1024 * 1024 + 123);
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    writeFileSync(file, bytes);
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const start = url.searchParams.get('start');
      const end = url.searchParams.get('end');
      recyclingReadStream(file, {
        bufferSize: 64 * 1024,
        ...(start !== null && end !== null ? { start: Number(start), end: Number(end) } : {}),
      }).pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Reads an answer slowly (a pause after each piece), so the server's socket fills and its writes queue. */
  const slowGet = (url: string) =>
    new Promise<Buffer>((resolve, reject) => {
      http
        .get(url, (response) => {
          const pieces: Buffer[] = [];
          response.on('data', (piece: Buffer) => {
            pieces.push(Buffer.from(piece));
            if (pieces.length % 16 === 0) {
              response.pause();
              setTimeout(() => response.resume(), 5);
            }
          });
          response.on('end', () => resolve(Buffer.concat(pieces)));
          response.on('error', reject);
        })
        .on('error', reject);
    });

  it('sends the bytes of the file unchanged, however slowly they are read', async () => {
    const [first, second] = await Promise.all([slowGet(base), slowGet(base)]);
    expect(sha1(first ?? Buffer.alloc(0))).toBe(sha1(bytes));
    expect(sha1(second ?? Buffer.alloc(0))).toBe(sha1(bytes));
  });

  it('sends a range, first and last byte included', async () => {
    const got = await slowGet(`${base}/?start=70000&end=20000000`);
    expect(sha1(got)).toBe(sha1(bytes.subarray(70000, 20000001)));
  });

  it('fails for a file that is not there', async () => {
    const stream = recyclingReadStream(path.join(dir, 'missing'), { bufferSize: 1024 });
    await expect(
      new Promise((resolve, reject) => stream.on('error', reject).on('end', resolve).resume()),
    ).rejects.toThrow(/ENOENT/);
  });
});
