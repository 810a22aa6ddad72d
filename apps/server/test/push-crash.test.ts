import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ChildServer } from './child-server.ts';
import type { HttpClient } from './http-client.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './postgres-admin.ts';
import { push, sha1, startPush, uploadChunk } from './push-helper.ts';

/**
 * Crash safety: the real server runs as a child process and is killed with SIGKILL at each step of a push. After
 * a restart every committed version must be intact, the interrupted push committed whole or not at all, the
 * project free again after the takeover time, and the temporary data removed by the cleanup job.
 */

const TAKEOVER_SECONDS = 2;
const P = 'admin/crashy';

type Project = { version: string; files: Array<{ path: string; size: number; checksum: string }> };

let dataDir: string;
let server: ChildServer;
let postgres: { url: string; name: string; base: string } | undefined;
let client: HttpClient;
/** What every committed version must hold: version name → path → content. */
const committed = new Map<string, Map<string, Buffer>>();

function bytes(size: number, seed: number): Buffer {
  const content = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) content[i] = (i * seed) % 251;
  return content;
}

async function startServer(env: Record<string, string> = {}): Promise<void> {
  await server.start(env);
  client = server.client;
}

const kill = () => server.kill();
const died = () => server.died();

/**
 * Every committed version lists its files with the right checksums and downloads whole as a zip (every blob of it
 * there and readable), and every distinct file content answers the right bytes by raw download: a file kept
 * unchanged through later versions is the same blob (content-addressed), so its bytes are read once, at the first
 * version that holds them.
 */
async function verifyCommitted(): Promise<void> {
  const latest = await client.get<Project>(`/v1/project/${P}`);
  expect(latest.body.version).toBe(`v${committed.size}`);
  const read = new Set<string>();
  for (const [version, files] of committed) {
    const info = await client.get<Project>(`/v1/project/${P}?version=${version}`);
    expect(info.status).toBe(200);
    expect(Object.fromEntries(info.body.files.map((f) => [f.path, f.checksum]))).toEqual(
      Object.fromEntries([...files].map(([p, content]) => [p, sha1(content)])),
    );
    for (const [filePath, content] of files) {
      const key = `${filePath}:${sha1(content)}`;
      if (read.has(key)) continue;
      read.add(key);
      const response = await fetch(
        `${base()}/v1/project/raw/${P}?file=${encodeURIComponent(filePath)}&version=${version}`,
        { headers: { Authorization: `Bearer ${client.bearer}` } },
      );
      expect(response.status).toBe(200);
      expect(sha1(Buffer.from(await response.arrayBuffer()))).toBe(sha1(content));
    }
    const zip = await fetch(`${base()}/v1/project/download/${P}?version=${version}`, {
      headers: { Authorization: `Bearer ${client.bearer}` },
    });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
  }
}

function record(version: string, changes: { set?: Record<string, Buffer>; remove?: string[] }): void {
  const previous = committed.get(`v${committed.size}`) ?? new Map<string, Buffer>();
  const next = new Map(previous);
  for (const [p, content] of Object.entries(changes.set ?? {})) next.set(p, content);
  for (const p of changes.remove ?? []) next.delete(p);
  committed.set(version, next);
}

const base = () => server.url;

const uploadFolders = () => {
  const dir = path.join(dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-crash-'));
  const base = process.env.WAYMARK_TEST_POSTGRES_URL;
  const template = inject('postgresTemplate');
  if (base && template) {
    const name = await createDatabaseFromTemplate(base, template);
    postgres = { url: databaseUrl(base, name), name, base };
  }
  server = new ChildServer(dataDir, {
    PUSH_TAKEOVER_SECONDS: String(TAKEOVER_SECONDS),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  await startServer();
  expect((await client.post('/v1/project/admin', { name: 'crashy' })).status).toBe(200);
  const v1 = { 'big.bin': bytes(3 * 1024 * 1024 + 17, 7), 'doc/readme.txt': Buffer.from('hello') };
  await push(client, P, {
    version: 'v0',
    added: Object.entries(v1).map(([p, content]) => ({ path: p, content })),
    chunkSize: 1024 * 1024,
  });
  record('v1', { set: v1 });
}, 180_000);

afterAll(async () => {
  await kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (postgres) await dropDatabase(postgres.base, postgres.name);
});

describe('a server killed during a push', { timeout: 120_000 }, () => {
  it('after the push started: the project is free again after the takeover time', async () => {
    const started = await startPush(client, P, { version: 'v1', added: [{ path: 'a.txt', content: 'a' }] });
    expect(started.response.status).toBe(200);
    // The push's last activity: the project is free once the takeover time has passed since (the restart
    // usually takes longer than that already).
    const lastActivity = Date.now();
    await kill();
    await startServer();
    await verifyCommitted();
    const freeAt = lastActivity + (TAKEOVER_SECONDS + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, freeAt - Date.now())));
    await push(client, P, { version: 'v1', added: [{ path: 'b.txt', content: 'b' }] });
    record('v2', { set: { 'b.txt': Buffer.from('b') } });
    await verifyCommitted();
  });

  it('between chunks: the same transaction resumes after the restart', async () => {
    const content = bytes(3 * 1024 * 1024, 13);
    const started = await startPush(client, P, {
      version: 'v2',
      updated: [{ path: 'big.bin', content }],
      chunkSize: 1024 * 1024,
    });
    const transaction = started.response.body.transaction ?? '';
    const [entry] = started.entries;
    await uploadChunk(client, transaction, entry?.chunks[0] ?? '', entry?.parts[0] ?? Buffer.alloc(0));
    await kill();
    await startServer();
    await verifyCommitted();
    for (const index of [1, 2]) {
      const answer = await uploadChunk(
        client,
        transaction,
        entry?.chunks[index] ?? '',
        entry?.parts[index] ?? Buffer.alloc(0),
      );
      expect(answer.status).toBe(200);
    }
    expect((await client.post(`/v1/project/push/finish/${transaction}`)).status).toBe(200);
    record('v3', { set: { 'big.bin': content } });
    await verifyCommitted();
  });

  it('while a chunk streams in: no partial chunk counts, the push can be cancelled and redone', async () => {
    const content = bytes(2 * 1024 * 1024, 3);
    const started = await startPush(client, P, { version: 'v3', added: [{ path: 'half.bin', content }] });
    const transaction = started.response.body.transaction ?? '';
    const [entry] = started.entries;
    const request = fetch(`${base()}/v1/project/push/chunk/${transaction}/${entry?.chunks[0]}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${client.bearer}`, 'Content-Type': 'application/octet-stream' },
      body: new ReadableStream({
        async start(controller) {
          controller.enqueue(new Uint8Array(content.subarray(0, 1024 * 1024)));
          await new Promise((resolve) => setTimeout(resolve, 300));
          await kill();
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await expect(request).rejects.toThrow();
    await startServer();
    await verifyCommitted();
    const finish = await client.post<{ detail: unknown }>(`/v1/project/push/finish/${transaction}`);
    expect(finish).toMatchObject({ status: 422, body: { detail: { corrupted_files: ['half.bin'] } } });
    await push(client, P, { version: 'v3', added: [{ path: 'half.bin', content }] });
    record('v4', { set: { 'half.bin': content } });
    await verifyCommitted();
  });

  it.each([
    ['finish:blob-stored', 'after the first file became a blob'],
    ['finish:assembled', 'after every file became a blob, before the commit'],
  ])('at %s (%s): nothing is committed, and finish can be retried', async (point) => {
    await kill();
    await startServer({ WAYMARK_TEST_CRASH_POINT: point });
    const folder = point.replace(':', '-');
    const files = {
      [`${folder}/one.bin`]: bytes(1024 * 1024 + 5, 11),
      [`${folder}/two.txt`]: Buffer.from(point),
    };
    const started = await startPush(client, P, {
      version: `v${committed.size}`,
      added: Object.entries(files).map(([p, content]) => ({ path: p, content })),
      removed: [{ path: 'b.txt' }],
      // Cut as the clients cut: each file written into one file at its chunks' places, which becomes its blob.
    });
    const transaction = started.response.body.transaction ?? '';
    for (const entry of started.entries) {
      for (const [index, id] of entry.chunks.entries()) {
        await uploadChunk(client, transaction, id, entry.parts[index] ?? Buffer.alloc(0));
      }
    }
    await expect(client.post(`/v1/project/push/finish/${transaction}`)).rejects.toThrow();
    await died();
    await startServer();
    await verifyCommitted();
    const retried = await client.post(`/v1/project/push/finish/${transaction}`);
    expect(retried.status).toBe(200);
    record(`v${committed.size + 1}`, { set: files, remove: ['b.txt'] });
    await verifyCommitted();
    // b.txt back for the next case.
    await push(client, P, { version: `v${committed.size}`, added: [{ path: 'b.txt', content: 'b' }] });
    record(`v${committed.size + 1}`, { set: { 'b.txt': Buffer.from('b') } });
  });

  it('right after the commit: the version is whole, the transaction gone, its folder cleaned up', async () => {
    await kill();
    await startServer({ WAYMARK_TEST_CRASH_POINT: 'finish:committed' });
    const version = `v${committed.size}`;
    const content = bytes(700_000, 5);
    const started = await startPush(client, P, {
      version,
      updated: [{ path: 'doc/readme.txt', content }],
      chunkSize: 256 * 1024,
    });
    const transaction = started.response.body.transaction ?? '';
    const [entry] = started.entries;
    for (const [index, id] of (entry?.chunks ?? []).entries()) {
      await uploadChunk(client, transaction, id, entry?.parts[index] ?? Buffer.alloc(0));
    }
    await expect(client.post(`/v1/project/push/finish/${transaction}`)).rejects.toThrow();
    await died();
    expect(uploadFolders()).toContain(transaction);
    await startServer();
    record(`v${committed.size + 1}`, { set: { 'doc/readme.txt': content } });
    await verifyCommitted();
    expect((await client.post(`/v1/project/push/finish/${transaction}`)).status).toBe(404);
    // The cleanup job runs at start: the folder of the committed transaction goes.
    const deadline = Date.now() + 30_000;
    while (uploadFolders().includes(transaction) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(uploadFolders()).not.toContain(transaction);
  });

  it('leaves no temporary data once the cleanup job has run', async () => {
    // An abandoned upload with chunks on disk, then a restart where such uploads count as expired at once.
    const started = await startPush(client, P, {
      version: `v${committed.size}`,
      added: [{ path: 'abandoned.bin', content: bytes(1000, 3) }],
    });
    const transaction = started.response.body.transaction ?? '';
    const [entry] = started.entries;
    await uploadChunk(client, transaction, entry?.chunks[0] ?? '', entry?.parts[0] ?? Buffer.alloc(0));
    await kill();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await startServer({ UPLOAD_EXPIRATION_SECONDS: '1' });
    const deadline = Date.now() + 30_000;
    const tmp = path.join(dataDir, 'blobs', 'tmp');
    const leftovers = () => [...uploadFolders(), ...(existsSync(tmp) ? readdirSync(tmp) : [])];
    while (leftovers().length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(leftovers()).toEqual([]);
    await verifyCommitted();
    // And the project is free for a new push.
    await push(client, P, { version: `v${committed.size}`, added: [{ path: 'final.txt', content: 'done' }] });
    record(`v${committed.size + 1}`, { set: { 'final.txt': Buffer.from('done') } });
    await verifyCommitted();
  });
});
