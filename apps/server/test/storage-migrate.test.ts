import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildProgram, MigrationIncompleteError } from '../src/cli/program.ts';
import { ConfigError, loadConfig, type S3Settings } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { Clock } from '../src/lib/ttl-cache.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createMaintenanceService } from '../src/services/maintenance.service.ts';
import { PROGRESS_EVERY_MS } from '../src/storage/migrate.ts';
import { type BlobStore, createLocalBlobStore } from '../src/storage/blob-store.ts';
import { createS3BlobStore, MULTIPART_FROM, type S3BlobStore } from '../src/storage/s3-blob-store.ts';
import { HttpClient } from './http-client.ts';
import { push, sha1 } from './push-helper.ts';
import { type S3TestServer, startS3Server } from './s3-server.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * `npm run cli -- storage migrate`: the blobs of the data folder copied to S3, verified, resumable; and the
 * move of a running installation as docs/OPERATIONS.md tells it (migrate, switch, restart, migrate again).
 */

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const keyOf = (hash: string, prefix: string) => `${prefix}${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;

let s3: S3TestServer;
const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(os.tmpdir(), 'waymark-migrate-'));
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

/**
 * Runs the CLI in-process with these stores; answers its lines and the error it ended with, if any. Its clock
 * stands still unless a test passes one: a progress line is due every PROGRESS_EVERY_MS, which a run on a slow,
 * busy machine would otherwise reach and print among the lines a test expects.
 */
async function migrate(local: BlobStore, target: S3BlobStore | undefined, ...args: string[]) {
  return migrateWith(manualClock(), local, target, ...args);
}

async function migrateWith(
  clock: Clock,
  local: BlobStore,
  target: S3BlobStore | undefined,
  ...args: string[]
) {
  const lines: string[] = [];
  const program = buildProgram({
    clock,
    withContext: () => Promise.reject(new Error('storage migrate needs no database')),
    blobStores: () => ({ local, s3: target }),
    maintenance: createMaintenanceService({
      config: { maintenance: false, maintenanceFile: '/nonexistent' },
    }),
    maintenanceInDatabase: false,
    print: (line) => lines.push(line),
  });
  let error: unknown;
  try {
    await program.parseAsync(['node', 'waymark', 'storage', 'migrate', ...args]);
  } catch (caught) {
    error = caught;
  }
  return { lines, error };
}

async function bucketKeys(settings: S3Settings): Promise<string[]> {
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function read(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
}

describe('storage migrate', () => {
  let root: string;
  let local: BlobStore;
  let settings: S3Settings;
  let target: S3BlobStore;
  let contents: Buffer[];

  beforeAll(async () => {
    root = path.join(folder(), 'blobs');
    local = createLocalBlobStore(root);
    contents = [Buffer.from('a'), Buffer.alloc(0), randomBytes(70_000), randomBytes(MULTIPART_FROM + 5)];
    for (const content of contents) await local.put(Readable.from([content]));
    // Neither a write in progress nor a stray file is a blob.
    writeFileSync(await local.tempPath(), 'half-written');
    writeFileSync(path.join(root, 'README'), 'not a blob');
    settings = await s3.bucket('moved/');
    target = createS3BlobStore(settings, path.join(folder(), 's3-staging'));
  });

  it('copies every blob of the data folder under the same names, verified, and says so', async () => {
    const { lines, error } = await migrate(local, target);
    expect(error).toBeUndefined();
    const totalBytes = contents.reduce((sum, content) => sum + content.length, 0);
    expect(lines).toEqual([
      `4 blobs (${totalBytes.toLocaleString('en-US')} bytes) in the data folder.`,
      `4/4 blobs: 4 copied (${totalBytes.toLocaleString('en-US')} bytes), 0 already in S3, 0 gone meanwhile, 0 failed.`,
      'Done: every blob of the data folder is in S3.',
    ]);
    expect(await bucketKeys(settings)).toEqual(contents.map((c) => keyOf(sha256(c), 'moved/')).sort());
    for (const content of contents) {
      expect(sha1(await read(target.get(sha256(content))))).toBe(sha1(content));
    }
  });

  it('skips what S3 holds on a second run, and copies again what an interrupted run left wrong', async () => {
    expect((await migrate(local, target)).lines[1]).toBe(
      '4/4 blobs: 0 copied (0 bytes), 4 already in S3, 0 gone meanwhile, 0 failed.',
    );
    // An object of the wrong size under a blob's name (not something S3 shows, but any damage): copied again.
    const [, , small = Buffer.alloc(0), large = Buffer.alloc(0)] = contents;
    await s3.client.send(
      new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256(large), 'moved/'), Body: 'short' }),
    );
    expect((await migrate(local, target, '--concurrency', '2')).lines[1]).toBe(
      `4/4 blobs: 1 copied (${large.length.toLocaleString('en-US')} bytes), 3 already in S3, 0 gone meanwhile, 0 failed.`,
    );
    expect(sha1(await read(target.get(sha256(large))))).toBe(sha1(large));

    // Right size, wrong bytes: only reading back finds it.
    const wrong = Buffer.from(small);
    wrong[0] = (wrong[0] ?? 0) ^ 0xff;
    await s3.client.send(
      new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256(small), 'moved/'), Body: wrong }),
    );
    expect((await migrate(local, target)).lines[1]).toContain('0 copied');
    expect((await migrate(local, target, '--verify-existing')).lines[1]).toBe(
      `4/4 blobs: 1 copied (${small.length.toLocaleString('en-US')} bytes), 3 already in S3, 0 gone meanwhile, 0 failed.`,
    );
    expect(sha1(await read(target.get(sha256(small))))).toBe(sha1(small));
  });

  it('says how far it is each time PROGRESS_EVERY_MS has passed, but not again after the last blob', async () => {
    const clock = manualClock();
    // Every blob takes the whole interval.
    const ticking = { now: () => (clock.advance(PROGRESS_EVERY_MS), clock.now()) };
    const { lines } = await migrateWith(ticking, local, target, '--concurrency', '1');
    expect(lines).toEqual([
      expect.stringMatching(/^4 blobs /),
      '1/4 blobs: 0 copied (0 bytes), 1 already in S3, 0 gone meanwhile, 0 failed.',
      '2/4 blobs: 0 copied (0 bytes), 2 already in S3, 0 gone meanwhile, 0 failed.',
      '3/4 blobs: 0 copied (0 bytes), 3 already in S3, 0 gone meanwhile, 0 failed.',
      '4/4 blobs: 0 copied (0 bytes), 4 already in S3, 0 gone meanwhile, 0 failed.',
      'Done: every blob of the data folder is in S3.',
    ]);
  });

  it('refuses a damaged local file (bytes that do not hash to its name), copies the rest and fails', async () => {
    const damagedRoot = path.join(folder(), 'blobs');
    const damagedStore = createLocalBlobStore(damagedRoot);
    const good = await damagedStore.put(Readable.from([Buffer.from('good bytes')]));
    const claimed = sha256(Buffer.from('original bytes'));
    mkdirSync(path.join(damagedRoot, claimed.slice(0, 2), claimed.slice(2, 4)), { recursive: true });
    writeFileSync(path.join(damagedRoot, claimed.slice(0, 2), claimed.slice(2, 4), claimed), 'rotten bytes');
    const freshSettings = await s3.bucket();
    const fresh = createS3BlobStore(freshSettings, path.join(folder(), 's3-staging'));

    const { lines, error } = await migrate(damagedStore, fresh);
    expect(error).toBeInstanceOf(MigrationIncompleteError);
    expect((error as Error).message).toBe('1 blobs were not copied (listed above); run the command again.');
    expect(lines).toContain(
      `Failed ${claimed}: the local file hashes to ${sha256(Buffer.from('rotten bytes'))}: it is damaged, not copied`,
    );
    expect(lines).toContain('2/2 blobs: 1 copied (10 bytes), 0 already in S3, 0 gone meanwhile, 1 failed.');
    expect(await bucketKeys(freshSettings)).toEqual([keyOf(good.sha256, '')]);
  });

  it('asks for the S3 settings when there are none, and names a bucket it cannot reach', async () => {
    const missing = await migrate(local, undefined);
    expect(missing.error).toBeInstanceOf(ConfigError);
    expect((missing.error as Error).message).toMatch(/^storage migrate needs the S3 settings: S3_BUCKET/);
    const unreachable = await migrate(
      local,
      createS3BlobStore(s3.settingsOf('not-there'), path.join(folder(), 's3-staging')),
    );
    expect(unreachable.error).toBeInstanceOf(ConfigError);
    expect((unreachable.error as Error).message).toMatch(
      /^S3 bucket 'not-there' at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist$/,
    );
  });
});

describe('moving a running installation to S3', () => {
  let server: TestServer;
  let settings: S3Settings;
  const project = 'mover/atlas';

  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser({ username: 'mover' });
    await server.createProject('mover', 'mover', 'atlas');
    settings = await s3.bucket('waymark/');
  });
  afterAll(() => server.close());

  it('serves every file from S3 after migrate, switch and restart, and a second migrate catches the late ones', async () => {
    const api = new HttpClient(server.url);
    await api.login('mover', TEST_PASSWORD);
    const early = randomBytes(50_000);
    const late = randomBytes(30_000);
    await push(api, project, { version: 'v0', added: [{ path: 'early.bin', content: early }] });
    // The server keeps running on its data folder while the first pass copies.
    const local = createLocalBlobStore(path.join(server.dataDir, 'blobs'));
    const target = createS3BlobStore(settings, path.join(server.dataDir, 's3-staging'));
    expect((await migrate(local, target)).lines[1]).toContain('1 copied');
    // Written between the first pass and the switch.
    await push(api, project, { version: 'v1', added: [{ path: 'late.bin', content: late }] });

    // The switch: the same database and data folder, BLOB_STORE=s3.
    const config = loadConfig({
      DATA_DIR: server.dataDir,
      SECRET_KEY: 'test-secret-key-0123456789',
      ...s3.env(settings),
    });
    const log = createLogger('silent');
    const context = createContext({ config, db: server.database.db, mailer: createMailer(config, log), log });
    const app = await buildApp(context);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const moved = new HttpClient(url);
      await moved.login('mover', TEST_PASSWORD);
      const rawFile = (file: string) =>
        fetch(`${url}/v1/project/raw/${project}?file=${file}`, {
          headers: { cookie: `session=${moved.cookie('session')}` },
        });
      expect(sha1(Buffer.from(await (await rawFile('early.bin')).arrayBuffer()))).toBe(sha1(early));
      // Until the second pass, the late file is not in S3 yet.
      expect((await rawFile('late.bin')).status).toBe(500);
      expect((await migrate(local, target)).lines[1]).toBe(
        `2/2 blobs: 1 copied (${late.length.toLocaleString('en-US')} bytes), 1 already in S3, 0 gone meanwhile, 0 failed.`,
      );
      expect(sha1(Buffer.from(await (await rawFile('late.bin')).arrayBuffer()))).toBe(sha1(late));
      // And new pushes go to S3 only.
      const fresh = randomBytes(1_000);
      await push(moved, project, { version: 'v2', added: [{ path: 'fresh.bin', content: fresh }] });
      expect(await bucketKeys(settings)).toEqual(
        [early, late, fresh].map((content) => keyOf(sha256(content), 'waymark/')).sort(),
      );
      expect(await local.has(sha256(fresh))).toBe(false);
      // The migration never changes the data folder: going back to local stays possible.
      expect(await local.has(sha256(early))).toBe(true);
      expect(await local.has(sha256(late))).toBe(true);
    } finally {
      app.server.closeAllConnections();
      await app.close();
      await context.close();
    }
  });
});
