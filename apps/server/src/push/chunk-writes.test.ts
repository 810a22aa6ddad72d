import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUploadArea } from './upload-area.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'waymark-chunk-writes-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const place = { file: 0, chunk: 0, offset: 0, size: 4 };
const ignore = () => undefined;
const bytes = (text: string) => Readable.from([Buffer.from(text)]);

describe('a placed chunk', () => {
  it('is written at its place in its file, each write named by a token of its own, and nothing beside it', async () => {
    const area = createUploadArea(root);
    const transaction = randomUUID();
    const first = await area.placeChunk(transaction, 0, place, bytes('abcd'), 10, ignore);
    expect(first.size).toBe(4);
    expect(readFileSync(area.placedPath(transaction, 0), 'utf8')).toBe('abcd');
    const again = await area.placeChunk(transaction, 0, place, bytes('wxyz'), 10, ignore);
    expect(again.token).not.toBe(first.token);
    expect(readFileSync(area.placedPath(transaction, 0), 'utf8')).toBe('wxyz');
    // Its state is the database's (`upload_chunks`): no marker file.
    expect(readdirSync(path.join(root, transaction))).toEqual(['file-0']);
  });

  it('refuses a body of another size than its place', async () => {
    const area = createUploadArea(root);
    await expect(area.placeChunk(randomUUID(), 0, place, bytes('abc'), 10, ignore)).rejects.toThrow(
      'upload aborted',
    );
  });
});

describe('a chunk of a file the store holds', () => {
  it('equal to its place in the blob writes nothing; one that differs is stored whole', async () => {
    const area = createUploadArea(root);
    const transaction = randomUUID();
    const blob = path.join(root, 'blob');
    writeFileSync(blob, 'abcdefgh');
    const second = { file: 0, chunk: 1, offset: 4, size: 4 };
    expect(await area.matchChunk(transaction, 1, second, { file: blob }, bytes('efgh'), 10, ignore)).toEqual({
      size: 4,
      stored: false,
    });
    expect(existsSync(area.chunkFile(transaction, 1))).toBe(false);
    expect(await area.matchChunk(transaction, 1, second, { file: blob }, bytes('efgX'), 10, ignore)).toEqual({
      size: 4,
      stored: true,
    });
    expect(readFileSync(area.chunkFile(transaction, 1), 'utf8')).toBe('efgX');
  });
});
