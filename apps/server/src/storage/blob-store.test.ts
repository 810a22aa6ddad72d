import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-store.ts';

const folders: string[] = [];
const folder = (under = os.tmpdir()) => {
  const made = mkdtempSync(path.join(under, 'waymark-blobs-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

const sha = (algorithm: string, data: Buffer) => createHash(algorithm).update(data).digest('hex');

describe('stageLinkOf', () => {
  it('makes the blob a second name of the same bytes, hashed, observed and left in place at the source', async () => {
    const work = folder();
    const blobs = createLocalBlobStore(path.join(work, 'blobs'));
    const source = path.join(work, 'chunk');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
    writeFileSync(source, bytes);
    const sha1 = createHash('sha1');
    const staged = await blobs.stageLinkOf(source, (piece) => sha1.update(piece));
    expect({ sha256: staged.sha256, size: staged.size }).toEqual({
      sha256: sha('sha256', bytes),
      size: bytes.length,
    });
    expect(sha1.digest('hex')).toBe(sha('sha1', bytes));
    await blobs.flushFolders(await staged.store());
    const stored = (await blobs.localFile(staged.sha256)).path;
    expect(statSync(stored).ino).toBe(statSync(source).ino);
    // The source is only ever replaced by a rename: the blob keeps its bytes.
    writeFileSync(`${source}.new`, 'other bytes');
    await rename(`${source}.new`, source);
    expect(readFileSync(stored).equals(bytes)).toBe(true);
  });

  it('copies the bytes when the source is on another file system', async (context) => {
    if (!existsSync('/dev/shm') || statSync('/dev/shm').dev === statSync(os.tmpdir()).dev) {
      context.skip();
    }
    const blobs = createLocalBlobStore(path.join(folder(), 'blobs'));
    const source = path.join(folder('/dev/shm'), 'chunk');
    writeFileSync(source, 'elsewhere');
    const seen: Buffer[] = [];
    const staged = await blobs.stageLinkOf(source, (piece) => seen.push(piece));
    expect(Buffer.concat(seen).toString()).toBe('elsewhere');
    await staged.store();
    const stored = (await blobs.localFile(staged.sha256)).path;
    expect(readFileSync(stored, 'utf8')).toBe('elsewhere');
    expect(statSync(stored).ino).not.toBe(statSync(source).ino);
    expect(staged.sha256).toBe(sha('sha256', Buffer.from('elsewhere')));
  });

  it('gives the staged file a fresh time, so the stale-temp cleanup leaves it alone', async () => {
    const work = folder();
    const blobs = createLocalBlobStore(path.join(work, 'blobs'));
    const source = path.join(work, 'chunk');
    writeFileSync(source, 'uploaded two days ago');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(source, twoDaysAgo, twoDaysAgo);
    const staged = await blobs.stageLinkOf(source);
    expect(await blobs.removeStaleTemp(new Date(Date.now() - 3_600_000))).toBe(0);
    expect(readFileSync(staged.path, 'utf8')).toBe('uploaded two days ago');
  });

  it('discarding the staged blob leaves the source alone', async () => {
    const work = folder();
    const blobs = createLocalBlobStore(path.join(work, 'blobs'));
    const source = path.join(work, 'chunk');
    writeFileSync(source, 'keep me');
    const staged = await blobs.stageLinkOf(source);
    await staged.discard();
    expect(existsSync(staged.path)).toBe(false);
    expect(readFileSync(source, 'utf8')).toBe('keep me');
  });
});

describe('stage', () => {
  it('hashes and writes a blob larger than the flush interval, piece by piece', async () => {
    const blobs = createLocalBlobStore(path.join(folder(), 'blobs'));
    const piece = Buffer.alloc(1024 * 1024 + 3);
    const expected = createHash('sha256');
    const pieces = 70;
    const source = (async function* () {
      for (let i = 0; i < pieces; i += 1) {
        const next = Buffer.from(piece.fill(i % 251));
        expected.update(next);
        yield next;
      }
    })();
    const staged = await blobs.stage(source);
    expect(staged.size).toBe(pieces * piece.length);
    expect(staged.sha256).toBe(expected.digest('hex'));
    expect(sha('sha256', readFileSync(staged.path))).toBe(staged.sha256);
  });

  it('leaves no temporary file when the source fails midway', async () => {
    const root = path.join(folder(), 'blobs');
    const blobs = createLocalBlobStore(root);
    const source = (async function* () {
      yield Buffer.alloc(1024, 1);
      throw new Error('connection lost');
    })();
    await expect(blobs.stage(source)).rejects.toThrow('connection lost');
    expect(await blobs.removeStaleTemp(new Date(Date.now() + 60_000))).toBe(0);
  });
});
