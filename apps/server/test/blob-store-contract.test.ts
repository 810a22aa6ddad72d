import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BlobStore, createLocalBlobStore, wholeFile } from '../src/storage/blob-store.ts';
import { createS3BlobStore, MULTIPART_FROM } from '../src/storage/s3-blob-store.ts';
import { type S3TestServer, startS3Server } from './s3-server.ts';

/**
 * The blob-store contract, run against both drivers: the local folder and S3 (s3rver on loopback). Whatever
 * the services rely on — content addressing, whole and ranged reads, staging then storing, deletes, listing,
 * concurrent writes of the same bytes, failures that leave nothing visible — holds for each.
 */

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

async function read(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** Random bytes: every offset a test reads differs (`_seed` only tells the sets apart for the reader). */
const bytes = (size: number, _seed = 1): Buffer => randomBytes(size);

/** A source that yields `data` in pieces of at most `piece` bytes, as an upload arrives. */
const pieces = (data: Buffer, piece = 256 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += piece) yield data.subarray(at, at + piece);
    })(),
  );

let s3: S3TestServer;
const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(os.tmpdir(), 'waymark-contract-'));
  folders.push(made);
  return made;
};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

type Driver = {
  name: string;
  /** A new empty store, and its temporary folder (for checking what a failure left). */
  open(): Promise<{ blobs: BlobStore; tempDir: string; keys(): Promise<string[]> }>;
};

const drivers: Driver[] = [
  {
    name: 'local',
    async open() {
      const root = path.join(folder(), 'blobs');
      const blobs = createLocalBlobStore(root);
      const keys = async () =>
        (readdirSync(root, { recursive: true }) as string[])
          .filter((name) => /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(name))
          .sort();
      return { blobs, tempDir: path.join(root, 'tmp'), keys };
    },
  },
  {
    name: 's3',
    async open() {
      const settings = await s3.bucket('tenant/');
      const tempDir = path.join(folder(), 's3-staging');
      const blobs = createS3BlobStore(settings, tempDir);
      const keys = async () => {
        const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
        return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
      };
      return { blobs, tempDir, keys };
    },
  },
];

const tempFiles = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe.each(drivers)('the $name blob store', (driver) => {
  let blobs: BlobStore;
  let tempDir: string;
  let keys: () => Promise<string[]>;
  beforeEach(async () => {
    ({ blobs, tempDir, keys } = await driver.open());
    await blobs.check();
  });

  it('stores bytes under their SHA-256, reads them back whole and knows they are there', async () => {
    const data = bytes(300_000);
    const ref = await blobs.put(pieces(data, 65_536));
    expect(ref).toEqual({ sha256: sha256(data), size: data.length });
    expect(await blobs.has(ref.sha256)).toBe(true);
    expect(sha1(await read(blobs.get(ref.sha256)))).toBe(sha1(data));
    expect(sha1(await read(blobs.get(ref.sha256, wholeFile(data.length))))).toBe(sha1(data));
    expect(await blobs.has(sha256(bytes(10, 2)))).toBe(false);
  });

  it('names blobs <aa>/<bb>/<sha256> (below the S3 prefix), the same in every store', async () => {
    const one = await blobs.put(pieces(Buffer.from('one')));
    const two = await blobs.put(pieces(Buffer.from('two')));
    const expected = [one, two].map(({ sha256: hash }) => `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
    const prefix = driver.name === 's3' ? 'tenant/' : '';
    expect(await keys()).toEqual(expected.map((key) => `${prefix}${key}`).sort());
  });

  it('stores an empty blob', async () => {
    const ref = await blobs.put(pieces(Buffer.alloc(0)));
    expect(ref).toEqual({ sha256: sha256(Buffer.alloc(0)), size: 0 });
    expect(await blobs.has(ref.sha256)).toBe(true);
    expect((await read(blobs.get(ref.sha256, wholeFile(0)))).length).toBe(0);
  });

  it('reads inclusive byte ranges: the first byte, the last, one in the middle, a span', async () => {
    const data = bytes(100_003, 3);
    const { sha256: hash } = await blobs.put(pieces(data));
    for (const [start, end] of [
      [0, 0],
      [100_002, 100_002],
      [4_096, 4_096],
      [10, 70_010],
      [99_000, 100_002],
    ] as const) {
      expect((await read(blobs.get(hash, { start, end }))).equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it('streams a blob larger than an S3 part in, and reads it and ranges across part boundaries back', async () => {
    const data = bytes(2 * MULTIPART_FROM + 12_345, 4);
    const ref = await blobs.put(pieces(data, 1024 * 1024));
    expect(ref).toEqual({ sha256: sha256(data), size: data.length });
    expect(sha1(await read(blobs.get(ref.sha256, wholeFile(ref.size))))).toBe(sha1(data));
    const start = MULTIPART_FROM - 100;
    const end = MULTIPART_FROM + 99;
    expect((await read(blobs.get(ref.sha256, { start, end }))).equals(data.subarray(start, end + 1))).toBe(
      true,
    );
    // Storing the same bytes again keeps one blob of the right size.
    expect(await blobs.put(pieces(data, 1024 * 1024))).toEqual(ref);
    expect((await keys()).length).toBe(1);
  });

  it('deletes a blob, and deleting one that is gone is no error', async () => {
    const { sha256: hash } = await blobs.put(pieces(Buffer.from('short-lived')));
    await blobs.delete(hash);
    expect(await blobs.has(hash)).toBe(false);
    await expect(read(blobs.get(hash))).rejects.toThrow();
    await blobs.delete(hash);
    expect(await keys()).toEqual([]);
  });

  it('lists every stored blob with its size, and nothing being written', async () => {
    const stored = [
      await blobs.put(pieces(bytes(10, 5))),
      await blobs.put(pieces(bytes(2_000, 6))),
      await blobs.put(pieces(Buffer.alloc(0))),
    ];
    const staged = await blobs.stage(pieces(bytes(50, 7)));
    const listed = [];
    for await (const ref of blobs.list()) listed.push(ref);
    const bySha = (a: { sha256: string }, b: { sha256: string }) => a.sha256.localeCompare(b.sha256);
    expect(listed.sort(bySha)).toEqual(stored.sort(bySha));
    await staged.discard();
  });

  it('lets concurrent writers store the same bytes: one blob, intact', async () => {
    const data = bytes(700_000, 8);
    const refs = await Promise.all(Array.from({ length: 6 }, () => blobs.put(pieces(data, 100_000))));
    expect(new Set(refs.map((ref) => ref.sha256))).toEqual(new Set([sha256(data)]));
    expect(sha1(await read(blobs.get(sha256(data))))).toBe(sha1(data));
    expect(await keys()).toHaveLength(1);
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('leaves nothing visible nor behind when the source fails midway', async () => {
    const source = (async function* () {
      yield bytes(MULTIPART_FROM, 9);
      throw new Error('connection lost');
    })();
    await expect(blobs.put(source)).rejects.toThrow('connection lost');
    expect(await keys()).toEqual([]);
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('stores nothing when beforeStore refuses the bytes, and runs it before they are visible', async () => {
    const data = Buffer.from('refused');
    await expect(
      blobs.put(pieces(data), {
        beforeStore: async (ref) => {
          expect(ref).toEqual({ sha256: sha256(data), size: data.length });
          expect(await blobs.has(ref.sha256)).toBe(false);
          throw new Error('over quota');
        },
      }),
    ).rejects.toThrow('over quota');
    expect(await blobs.has(sha256(data))).toBe(false);
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('stages bytes invisibly until store, and discard drops them', async () => {
    const kept = await blobs.stage(pieces(Buffer.from('kept')));
    const dropped = await blobs.stage(pieces(Buffer.from('dropped')));
    expect(readFileSync(kept.path, 'utf8')).toBe('kept');
    expect(await blobs.has(kept.sha256)).toBe(false);
    await blobs.flushFolders(await kept.store());
    await dropped.discard();
    expect(await blobs.has(kept.sha256)).toBe(true);
    expect(await blobs.has(dropped.sha256)).toBe(false);
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('takes over a file written at a temporary path, and stages a second name of a file left in place', async () => {
    const output = await blobs.tempPath();
    writeFileSync(output, 'engine output');
    const seen = createHash('sha1');
    const fromTemp = await blobs.stageFile(output, (piece) => seen.update(piece));
    expect(seen.digest('hex')).toBe(sha1(Buffer.from('engine output')));
    await fromTemp.store();

    const chunk = path.join(folder(), 'chunk');
    writeFileSync(chunk, 'one chunk');
    const linked = await blobs.stageLinkOf(chunk);
    await linked.store();
    expect(readFileSync(chunk, 'utf8')).toBe('one chunk');
    expect((await read(blobs.get(linked.sha256))).toString()).toBe('one chunk');
    expect((await read(blobs.get(fromTemp.sha256))).toString()).toBe('engine output');
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('hands out a local file of a blob for the engine, cleaned up where it is a copy', async () => {
    const data = bytes(123_457, 10);
    const { sha256: hash } = await blobs.put(pieces(data));
    const local = await blobs.localFile(hash);
    expect(sha1(readFileSync(local.path))).toBe(sha1(data));
    await local.release();
    expect(await blobs.has(hash)).toBe(true);
    expect(tempFiles(tempDir)).toEqual([]);
  });

  it('removes temporary files a crash left, older than the cut-off', async () => {
    const left = await blobs.tempPath();
    writeFileSync(left, 'half a blob');
    expect(await blobs.removeStaleTemp(new Date(Date.now() - 60_000))).toBe(0);
    expect(await blobs.removeStaleTemp(new Date(Date.now() + 60_000))).toBe(1);
    expect(tempFiles(tempDir)).toEqual([]);
  });
});

describe('the S3 blob store', () => {
  it('fails to store (and leaves nothing behind) when the bucket is not there, and says so at check', async () => {
    const tempDir = path.join(folder(), 's3-staging');
    const blobs = createS3BlobStore(s3.settingsOf('no-such-bucket'), tempDir);
    await expect(blobs.check()).rejects.toThrow(
      /S3 bucket 'no-such-bucket' at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist$/,
    );
    await expect(blobs.put(pieces(Buffer.from('lost')))).rejects.toThrow();
    await expect(blobs.put(pieces(bytes(MULTIPART_FROM + 1, 11)))).rejects.toThrow();
    expect(tempFiles(tempDir)).toEqual([]);
  });
});
