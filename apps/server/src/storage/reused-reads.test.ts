import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-store.ts';
import { bufferRing, readInTurn, readThrough } from './reused-reads.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'reused-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Different bytes in every MiB, so a piece read into a buffer still in use would show.
const bytes = Buffer.alloc(5 * 1024 * 1024 + 333);
for (let i = 0; i < bytes.length; i += 4)
  bytes.writeUInt32LE((i * 2654435761) >>> 0, Math.min(i, bytes.length - 4));
const file = path.join(dir, 'bytes');
writeFileSync(file, bytes);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('readInTurn and readThrough', () => {
  it('read a range through the ring, and stop where the file ends', async () => {
    const collect = async (pieces: AsyncIterable<Buffer>) => {
      const copies: Buffer[] = [];
      for await (const piece of pieces) copies.push(Buffer.from(piece));
      return Buffer.concat(copies);
    };
    const ring = bufferRing(2, 64 * 1024);
    expect((await collect(readInTurn(file, 1000, 300_000, ring))).equals(bytes.subarray(1000, 301_000))).toBe(
      true,
    );
    expect((await collect(readInTurn(file, 0, Number.POSITIVE_INFINITY, ring))).equals(bytes)).toBe(true);
    expect(
      (await collect(readThrough(file, 7, 2 * 1024 * 1024))).equals(bytes.subarray(7, 7 + 2 * 1024 * 1024)),
    ).toBe(true);
    expect((await collect(readThrough(file, 0, 0))).length).toBe(0);
  });

  it('feed a blob store’s stage through a ring of two buffers: it is done with a piece two pieces later', async () => {
    const blobs = createLocalBlobStore(path.join(dir, 'blobs'));
    const staged = await blobs.stage(readInTurn(file, 0, bytes.length, bufferRing(2, 256 * 1024)));
    expect({ sha256: staged.sha256, size: staged.size }).toEqual({
      sha256: sha256(bytes),
      size: bytes.length,
    });
    await blobs.flushFolders(await staged.store());
    const stored: Buffer[] = [];
    for await (const piece of blobs.get(staged.sha256)) stored.push(piece as Buffer);
    expect(sha256(Buffer.concat(stored))).toBe(sha256(bytes));
  });
});
