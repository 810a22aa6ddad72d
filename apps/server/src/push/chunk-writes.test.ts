import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUploadArea } from './upload-area.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'waymark-chunk-writes-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const place = { file: 0, chunk: 0, offset: 0, size: 4 };
const ignore = () => undefined;

/** Chunk 0 of `transaction`, 4 bytes at the start of file 0, from `body`. */
function placeFirst(
  area: ReturnType<typeof createUploadArea>,
  transaction: string,
  body: Readable,
  options?: { fresh: boolean },
) {
  return area.placeChunk(transaction, 0, place, body, 10, ignore, options);
}
const bytes = (text: string) => Readable.from([Buffer.from(text)]);

describe('a placed chunk', () => {
  it('written first (nothing of an earlier write to remove) is placed and marked', async () => {
    const area = createUploadArea(root);
    const transaction = randomUUID();
    const written = await placeFirst(area, transaction, bytes('abcd'), { fresh: true });
    expect(written.size).toBe(4);
    expect(readFileSync(area.placedPath(transaction, 0), 'utf8')).toBe('abcd');
    expect(await area.chunkStates(transaction, [0])).toEqual(
      new Map([[0, { size: 4, token: written.token }]]),
    );
  });

  it('written again replaces the earlier write and its marker', async () => {
    const area = createUploadArea(root);
    const transaction = randomUUID();
    await placeFirst(area, transaction, bytes('abcd'), { fresh: true });
    const again = await placeFirst(area, transaction, bytes('wxyz'));
    expect(readFileSync(area.placedPath(transaction, 0), 'utf8')).toBe('wxyz');
    expect(await area.chunkStates(transaction, [0])).toEqual(new Map([[0, { size: 4, token: again.token }]]));
  });

  it('written twice at once leaves no marker, even when the other write ends after this one found nothing', async () => {
    const area = createUploadArea(root);
    const transaction = randomUUID();
    // This write found no state and starts; its body stays open while another write of the chunk ends.
    const slow = new PassThrough();
    const first = placeFirst(area, transaction, slow, { fresh: true });
    slow.write(Buffer.from('ab'));
    const other = await placeFirst(area, transaction, bytes('abcd'), { fresh: true });
    expect(other.size).toBe(4);
    slow.end(Buffer.from('cd'));
    await expect(first).rejects.toMatchObject({ code: 'EEXIST' });
    // The bytes of the two may be mixed: neither write counts, and finish reports the chunk missing.
    expect(await area.chunkStates(transaction, [0])).toEqual(new Map());
    expect(existsSync(path.join(root, transaction, '0.placed'))).toBe(false);
  });
});
