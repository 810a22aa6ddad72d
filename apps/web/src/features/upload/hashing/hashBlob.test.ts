import { createHash } from 'node:crypto';
import { CHECKSUM_SLICE_SIZE, UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import { createSHA1 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { hashBlob } from './hashBlob.ts';

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, (_, index) => (index * 31 + 7) % 251);
}

async function hash(
  bytes: Uint8Array<ArrayBuffer>,
  sliceSize: number,
  chunkSize: number,
  isCancelled?: () => boolean,
) {
  const [fileHasher, chunkHasher] = await Promise.all([createSHA1(), createSHA1()]);
  return hashBlob(new Blob([bytes]), fileHasher, chunkHasher, { sliceSize, chunkSize, isCancelled });
}

describe('hashBlob', () => {
  it('gives the SHA-1 of the file and of each chunk, reading slice by slice', async () => {
    const bytes = bytesOf(10_000);
    const result = await hash(bytes, 512, 4096);
    expect(result.checksum).toBe(sha1(bytes));
    expect(result.chunkChecksums).toEqual([
      sha1(bytes.subarray(0, 4096)),
      sha1(bytes.subarray(4096, 8192)),
      sha1(bytes.subarray(8192)),
    ]);
  });

  it('ends the last chunk exactly at a chunk boundary, without an empty one', async () => {
    const bytes = bytesOf(8192);
    const result = await hash(bytes, 1024, 4096);
    expect(result.chunkChecksums).toEqual([sha1(bytes.subarray(0, 4096)), sha1(bytes.subarray(4096))]);
  });

  it('hashes an empty file to the SHA-1 of nothing, with no chunk', async () => {
    const result = await hash(new Uint8Array(0), 1024, 4096);
    expect(result).toEqual({ checksum: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', chunkChecksums: [] });
  });

  it('works with the SPEC sizes: 256 KiB slices, 10 MiB chunks', async () => {
    const bytes = bytesOf(10 * 1024 * 1024 + 5);
    const [fileHasher, chunkHasher] = await Promise.all([createSHA1(), createSHA1()]);
    const result = await hashBlob(new Blob([bytes]), fileHasher, chunkHasher, {
      sliceSize: CHECKSUM_SLICE_SIZE,
      chunkSize: UPLOAD_CHUNK_SIZE,
    });
    expect(result.chunkChecksums).toEqual([
      sha1(bytes.subarray(0, 10 * 1024 * 1024)),
      sha1(bytes.subarray(10 * 1024 * 1024)),
    ]);
    expect(result.checksum).toBe(sha1(bytes));
  });

  it('stops between slices once cancelled', async () => {
    let asked = 0;
    await expect(hash(bytesOf(4096), 512, 4096, () => ++asked > 2)).rejects.toThrow('cancelled');
    expect(asked).toBe(3);
  });

  it('refuses chunk sizes that slices cannot fill exactly', async () => {
    await expect(hash(bytesOf(10), 3, 10)).rejects.toThrow('multiple');
  });
});
