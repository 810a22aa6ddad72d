import { LIMIT_TEXTS, MAX_CHUNKS_PER_FILE, MAX_FILES_PER_PUSH, PUSH_TEXTS } from '@waymark/contract';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { entryOf, push, sha1, startPush, uploadChunk } from './push-helper.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

type Project = {
  version: string;
  disk_usage: number;
  tags: string[];
  files: Array<{ path: string; size: number; checksum: string; mtime: string }>;
};

let server: TestServer;
let owner: HttpClient;
let writer: HttpClient;
let reader: HttpClient;
let api: HttpClient;

/** A fresh project of anna's, so each test starts from v0. */
let projectCount = 0;
async function newProject(): Promise<string> {
  projectCount += 1;
  const name = `survey-${projectCount}`;
  const project = await server.createProject('anna', 'anna', name);
  const wendy = await server.repos.users.findByUsername('wendy');
  const rob = await server.repos.users.findByUsername('rob1');
  await server.repos.projects.setMember(project.id, wendy?.id ?? 0, 'writer');
  await server.repos.projects.setMember(project.id, rob?.id ?? 0, 'reader');
  return `anna/${name}`;
}

/**
 * Statements of a v2 chunk upload: the quota lock with the project and the caller's roles (the permission), the
 * quota decision with the chunk's record. Drizzle reports the BEGIN and COMMIT of its transaction on PostgreSQL,
 * not on PGlite.
 */
const V2_CHUNK_STATEMENTS = process.env.WAYMARK_TEST_POSTGRES_URL ? 4 : 2;

const bigText = (size: number, seed: string) =>
  Buffer.from(seed.repeat(Math.ceil(size / seed.length)).slice(0, size));

beforeAll(async () => {
  // A clock that never moves: what the caches keep (the caller, their two-factor rule) stays kept for the whole
  // file, so the statement counts below do not depend on how slowly the machine runs them (CACHE_SECONDS).
  server = await startTestServer({}, { clock: manualClock() });
  await server.createUser({ username: 'anna' });
  await server.createUser({ username: 'wendy' });
  await server.createUser({ username: 'rob1' });
  owner = new HttpClient(server.url);
  await owner.login('anna', TEST_PASSWORD);
  writer = new HttpClient(server.url);
  await writer.login('wendy', TEST_PASSWORD);
  reader = new HttpClient(server.url);
  await reader.login('rob1', TEST_PASSWORD);
  // The desktop plugin and the Python client authenticate with a Bearer token, not a cookie.
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'anna',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(() => server.close());

describe('a first push', () => {
  it('makes v1 from v0 with many files in nested folders, in chunks of any size', async () => {
    const project = await newProject();
    const files = [
      { path: 'survey.gpkg', content: bigText(2500, 'SQLite format 3 ') },
      { path: 'project.qgs', content: '<qgis/>' },
      { path: 'photos/2026/tree 1.jpg', content: bigText(1001, 'jpeg') },
      { path: 'photos/2026/ü/empty.txt', content: '' },
      ...Array.from({ length: 40 }, (_, i) => ({ path: `notes/n${i}.txt`, content: `note ${i}` })),
    ];
    const finished = await push(api, project, { version: 'v0', added: files, chunkSize: 1000 });
    const body = finished.body as Project;
    expect(body.version).toBe('v1');
    expect(body.files).toHaveLength(files.length);
    const byPath = new Map(body.files.map((file) => [file.path, file]));
    for (const file of files) {
      expect(byPath.get(file.path)).toMatchObject({
        size: Buffer.byteLength(file.content),
        checksum: sha1(file.content),
      });
    }
    expect(body.disk_usage).toBe(files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0));
    expect(body.tags).toEqual(['valid_qgis', 'input_use']);

    const info = await api.get<Project>(`/v1/project/${project}`);
    expect(info.body).toMatchObject({ version: 'v1', disk_usage: body.disk_usage });
  });

  it('writes 10 MiB chunks into their file at their offsets, in any order and sent again, and verifies it', async () => {
    const project = await newProject();
    const size = 10 * 1024 * 1024 + 4099;
    const content = Buffer.alloc(size);
    for (let i = 0; i + 4 <= size; i += 4) content.writeUInt32LE((i * 2654435761) >>> 0, i);
    const other = Buffer.from('other file, sent whole');
    const { response, entries } = await startPush(api, project, {
      version: 'v0',
      added: [
        { path: 'big.bin', content },
        { path: 'other.txt', content: other },
      ],
    });
    const transaction = response.body.transaction ?? '';
    const [big, small] = entries;
    const parts = big?.parts ?? [];
    const send = async (index: number, bytes = parts[index] ?? Buffer.alloc(0)) => {
      const answer = await uploadChunk(api, transaction, big?.chunks[index] ?? '', bytes);
      expect(answer).toMatchObject({ status: 200, body: { checksum: sha1(bytes), size: bytes.length } });
    };
    // The last first, then the first with wrong bytes of the right size, then the first again.
    await send(1);
    await send(0, Buffer.alloc(parts[0]?.length ?? 0, 1));
    // (One after the other: a chunk sent again gives its budget back only once written.)
    expect((await uploadChunk(api, transaction, small?.chunks[0] ?? '', other)).status).toBe(200);
    await send(0);
    const finished = await api.post<Project>(`/v1/project/push/finish/${transaction}`);
    expect(finished.status).toBe(200);
    expect(new Map(finished.body.files.map((file) => [file.path, file.checksum]))).toEqual(
      new Map([
        ['big.bin', sha1(content)],
        ['other.txt', sha1(other)],
      ]),
    );
    const raw = await fetch(`${server.url}/v1/project/raw/${project}?file=big.bin`, {
      headers: { Authorization: `Bearer ${api.bearer}` },
    });
    expect(sha1(Buffer.from(await raw.arrayBuffer()))).toBe(sha1(content));

    // The same file again, its last chunk wrong: 422, nothing committed.
    const again = await startPush(api, project, {
      version: 'v1',
      updated: [{ path: 'big.bin', content: Buffer.concat([content.subarray(1), Buffer.from('x')]) }],
    });
    const tx = again.response.body.transaction ?? '';
    const [entry] = again.entries;
    for (const [index, id] of (entry?.chunks ?? []).entries()) {
      const bytes = entry?.parts[index] ?? Buffer.alloc(0);
      await uploadChunk(api, tx, id, index === 1 ? Buffer.alloc(bytes.length, 2) : bytes);
    }
    const refused = await api.post<{ detail: unknown }>(`/v1/project/push/finish/${tx}`);
    expect(refused).toMatchObject({ status: 422, body: { detail: { corrupted_files: ['big.bin'] } } });

    // Bytes the server holds, pushed into another project: compared with the blob, not written; one chunk that
    // differs from it (the same SHA-1 declared) makes the file corrupted.
    const second = await newProject();
    const held = await startPush(api, second, { version: 'v0', added: [{ path: 'copy.bin', content }] });
    const heldTx = held.response.body.transaction ?? '';
    for (const [index, id] of (held.entries[0]?.chunks ?? []).entries()) {
      const bytes = parts[index] ?? Buffer.alloc(0);
      expect((await uploadChunk(api, heldTx, id, bytes)).body).toMatchObject({ checksum: sha1(bytes) });
    }
    // Nothing written: the chunks' states are rows (`upload_chunks`), their bytes the blob's.
    expect(readdirSync(path.join(server.dataDir, 'uploads', heldTx))).toEqual([]);
    expect((await api.post<Project>(`/v1/project/push/finish/${heldTx}`)).status).toBe(200);
    const raw2 = await fetch(`${server.url}/v1/project/raw/${second}?file=copy.bin`, {
      headers: { Authorization: `Bearer ${api.bearer}` },
    });
    expect(sha1(Buffer.from(await raw2.arrayBuffer()))).toBe(sha1(content));
    const third = await newProject();
    const wrong = await startPush(api, third, { version: 'v0', added: [{ path: 'copy.bin', content }] });
    const wrongTx = wrong.response.body.transaction ?? '';
    for (const [index, id] of (wrong.entries[0]?.chunks ?? []).entries()) {
      const bytes = parts[index] ?? Buffer.alloc(0);
      const sent =
        index === 1 ? Buffer.concat([bytes.subarray(0, 100), Buffer.alloc(bytes.length - 100, 3)]) : bytes;
      expect((await uploadChunk(api, wrongTx, id, sent)).body).toMatchObject({ checksum: sha1(sent) });
    }
    const corrupted = await api.post<{ detail: unknown }>(`/v1/project/push/finish/${wrongTx}`);
    expect(corrupted).toMatchObject({ status: 422, body: { detail: { corrupted_files: ['copy.bin'] } } });
  });

  it('finishes a file another push stored meanwhile without keeping its own copy', async () => {
    const content = Buffer.from('the same bytes, pushed into two projects at once');
    const [first, second] = [await newProject(), await newProject()];
    const started = await startPush(api, first, { version: 'v0', added: [{ path: 'a.txt', content }] });
    const transaction = started.response.body.transaction ?? '';
    await uploadChunk(api, transaction, started.entries[0]?.chunks[0] ?? '', content);
    await push(api, second, { version: 'v0', added: [{ path: 'a.txt', content }] });
    expect((await api.post(`/v1/project/push/finish/${transaction}`)).status).toBe(200);
    const staging = path.join(server.dataDir, 'blobs', 'tmp');
    expect(readdirSync(staging).filter((name) => name.startsWith(transaction))).toEqual([]);
  });

  it('answers the transaction, and each chunk its SHA-1 and size', async () => {
    const project = await newProject();
    const { response, entries } = await startPush(owner, project, {
      version: 'v0',
      added: [{ path: 'a.txt', content: 'hello' }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ transaction: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [entry] = entries;
    const chunk = await uploadChunk(
      owner,
      response.body.transaction ?? '',
      entry?.chunks[0] ?? '',
      Buffer.from('hello'),
    );
    expect(chunk).toMatchObject({ status: 200, body: { checksum: sha1('hello'), size: 5 } });
    const again = await uploadChunk(
      owner,
      response.body.transaction ?? '',
      entry?.chunks[0] ?? '',
      Buffer.from('hello'),
    );
    expect(again.status).toBe(200);
    expect((await owner.post(`/v1/project/push/finish/${response.body.transaction}`)).status).toBe(200);
  });
});

describe('push start refusals', () => {
  let project: string;
  beforeAll(async () => {
    project = await newProject();
    await push(api, project, {
      version: 'v0',
      added: [
        { path: 'base.gpkg', content: 'SQLite format 3 base' },
        { path: 'doc.txt', content: 'doc' },
        { path: 'caf\u00e9.txt', content: 'NFC' },
      ],
    });
  });

  const start = (body: unknown) => api.post(`/v1/project/push/${project}`, body);
  const file = (path: string, size = 3) => ({ path, size, checksum: sha1('abc'), chunks: ['c1'] });

  it.each([
    ['a stale version', { version: 'v0', changes: { added: [file('x.txt')] } }, PUSH_TEXTS.versionMismatch],
    ['a version ahead', { version: 'v5', changes: { added: [file('x.txt')] } }, PUSH_TEXTS.versionMismatch],
    ['no changes', { version: 'v1', changes: {} }, PUSH_TEXTS.noChanges],
    [
      'only blacklisted paths',
      { version: 'v1', changes: { added: [file('.mergin/mergin.json'), file('a/.DS_Store')] } },
      PUSH_TEXTS.noChanges,
    ],
    [
      'the same path twice',
      { version: 'v1', changes: { added: [file('x.txt')], removed: [file('x.txt')] } },
      PUSH_TEXTS.notUnique,
    ],
    [
      'the same path in two Unicode forms',
      { version: 'v1', changes: { added: [file('caf\u00e9.txt'), file('cafe\u0301.txt')] } },
      PUSH_TEXTS.notUnique,
    ],
    [
      'an empty GeoPackage',
      { version: 'v1', changes: { added: [file('new.gpkg', 0)] } },
      PUSH_TEXTS.invalidFile,
    ],
    [
      'an absolute path',
      { version: 'v1', changes: { added: [file('/etc/x.txt')] } },
      PUSH_TEXTS.unsupportedName('/etc/x.txt'),
    ],
    [
      'a parent folder',
      { version: 'v1', changes: { added: [file('../x.txt')] } },
      PUSH_TEXTS.unsupportedName('../x.txt'),
    ],
    [
      'a backslash',
      { version: 'v1', changes: { added: [file('a\\x.txt')] } },
      PUSH_TEXTS.unsupportedName('a\\x.txt'),
    ],
    [
      'a ./ part',
      { version: 'v1', changes: { added: [file('a/./x.txt')] } },
      PUSH_TEXTS.unsupportedName('a/./x.txt'),
    ],
    [
      'a too long name',
      { version: 'v1', changes: { added: [file(`${'n'.repeat(300)}.txt`)] } },
      PUSH_TEXTS.unsupportedName(`${'n'.repeat(300)}.txt`),
    ],
    [
      'a forbidden extension',
      { version: 'v1', changes: { added: [file('run.exe')] } },
      PUSH_TEXTS.unsupportedType('run.exe'),
    ],
    [
      'a folder with a trailing space',
      { version: 'v1', changes: { added: [file('photos /a.jpg')] } },
      PUSH_TEXTS.trailingSpace('photos /a.jpg'),
    ],
    [
      'an existing path added',
      { version: 'v1', changes: { added: [file('doc.txt')] } },
      PUSH_TEXTS.alreadyUploaded('doc.txt'),
    ],
    [
      'an existing path added in its other Unicode form',
      { version: 'v1', changes: { added: [file('cafe\u0301.txt')] } },
      PUSH_TEXTS.alreadyUploaded('cafe\u0301.txt'),
    ],
    [
      'an existing path updated in its other Unicode form',
      { version: 'v1', changes: { updated: [file('cafe\u0301.txt')] } },
      PUSH_TEXTS.notInProject,
    ],
    [
      'a missing path updated',
      { version: 'v1', changes: { updated: [file('nope.txt')] } },
      PUSH_TEXTS.notInProject,
    ],
    [
      'a missing path removed',
      { version: 'v1', changes: { removed: [file('nope.txt')] } },
      PUSH_TEXTS.notInProject,
    ],
    [
      'a bad chunk id',
      { version: 'v1', changes: { added: [{ ...file('x.txt'), chunks: ['../../etc'] }] } },
      PUSH_TEXTS.invalidChunkId,
    ],
  ])('refuses %s with 400', async (_case, body, detail) => {
    const response = await start(body);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 400, body: { detail } });
  });

  it('refuses lists over their maximum before looking at their entries', async () => {
    const removed = Array.from({ length: MAX_FILES_PER_PUSH + 1 }, (_, i) => file(`gone-${i}.txt`));
    const tooMany = await start({ version: 'v1', changes: { removed } });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { detail: string }).detail).toContain(PUSH_TEXTS.tooManyFiles);
    const chunks = Array.from({ length: MAX_CHUNKS_PER_FILE + 1 }, (_, i) => `c${i}`);
    const tooManyChunks = await start({
      version: 'v1',
      changes: { added: [{ ...file('big.bin'), chunks }] },
    });
    expect(tooManyChunks.status).toBe(400);
    expect((tooManyChunks.body as { detail: string }).detail).toContain(
      LIMIT_TEXTS.tooManyItems(MAX_CHUNKS_PER_FILE, 'chunks of one file'),
    );
  });

  it('refuses NUL characters and malformed bodies with a clear 400', async () => {
    expect((await start({ version: 'v1', changes: { added: [file('a\u0000.txt')] } })).status).toBe(400);
    const missing = await start({ changes: { added: [file('x.txt')] } });
    expect(missing.status).toBe(400);
    expect(missing.body).toHaveProperty('detail');
    const badSize = await start({ version: 'v1', changes: { added: [{ ...file('x.txt'), size: 'big' }] } });
    expect(badSize.status).toBe(400);
  });

  it('refuses a changeset (diff) for a file that is not a GeoPackage, and a diff with a bad name', async () => {
    const diff = (path: string) => ({ path, size: 3, checksum: sha1('abc') });
    const notVersioned = await start({
      version: 'v1',
      changes: { updated: [{ ...file('doc.txt'), diff: diff('doc.txt-diff-1') }] },
    });
    expect(notVersioned).toMatchObject({
      status: 400,
      body: { detail: PUSH_TEXTS.diffNotVersioned('doc.txt') },
    });
    const badName = await start({
      version: 'v1',
      changes: { updated: [{ ...file('base.gpkg'), diff: diff('../base.gpkg-diff-1') }] },
    });
    expect(badName).toMatchObject({
      status: 400,
      body: { detail: PUSH_TEXTS.unsupportedName('../base.gpkg-diff-1') },
    });
  });

  it('needs the writer role: readers get 403, visitors 401', async () => {
    const body = { version: 'v1', changes: { added: [file('x.txt')] } };
    expect((await reader.post(`/v1/project/push/${project}`, body)).status).toBe(403);
    expect((await new HttpClient(server.url).post(`/v1/project/push/${project}`, body)).status).toBe(401);
    const byWriter = await writer.post(`/v1/project/push/${project}`, body);
    expect(byWriter.status).toBe(200);
    await writer.post(`/v1/project/push/cancel/${(byWriter.body as { transaction: string }).transaction}`);
  });

  it('answers 404 for unknown projects', async () => {
    const response = await api.post('/v1/project/push/anna/nothing-here', { version: 'v0', changes: {} });
    expect(response.status).toBe(404);
  });
});

describe('storage quota', () => {
  it('answers 422 StorageLimitHit with the usage and the limit', async () => {
    const project = await newProject();
    const workspace = await server.repos.workspaces.findByName('anna');
    const usage =
      (await server.repos.workspaces.usage([workspace?.id ?? 0])).get(workspace?.id ?? 0)?.diskUsage ?? 0;
    await server.repos.workspaces.setStorage(workspace?.id ?? 0, usage + 10);
    try {
      const response = await api.post(`/v1/project/push/${project}`, {
        version: 'v0',
        changes: { added: [{ path: 'big.bin', size: 11, checksum: sha1('x'), chunks: ['c1'] }] },
      });
      expect(response).toMatchObject({
        status: 422,
        body: {
          code: 'StorageLimitHit',
          detail: PUSH_TEXTS.storageLimit,
          current_usage: usage,
          storage_limit: usage + 10,
        },
      });
      const fits = await push(api, project, {
        version: 'v0',
        added: [{ path: 'ok.bin', content: '0123456789' }],
      });
      expect(fits.status).toBe(200);
    } finally {
      await server.repos.workspaces.setStorage(workspace?.id ?? 0, 1024 * 1024 * 1024);
    }
  });
});

describe('the push lock', () => {
  it('lets one upload run at a time per project', async () => {
    const project = await newProject();
    const first = await startPush(api, project, { version: 'v0', added: [{ path: 'a.txt', content: 'a' }] });
    expect(first.response.status).toBe(200);
    const second = await startPush(writer, project, {
      version: 'v0',
      added: [{ path: 'b.txt', content: 'b' }],
    });
    expect(second.response).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.anotherProcess } });
    // Removals wait for the lock too.
    await api.post(`/v1/project/push/cancel/${first.response.body.transaction}`);
  });

  it('of two concurrent pushes, exactly one wins', async () => {
    const project = await newProject();
    const results = await Promise.allSettled([
      push(api, project, { version: 'v0', added: [{ path: 'a.txt', content: 'from api' }] }),
      push(writer, project, { version: 'v0', added: [{ path: 'b.txt', content: 'from wendy' }] }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect(String(failed?.reason)).toMatch(/Another process is running|Version mismatch/);
    const info = await api.get<Project>(`/v1/project/${project}`);
    expect(info.body.version).toBe('v1');
    expect(info.body.files).toHaveLength(1);
  });

  it('may take over an upload idle for longer than the takeover time', async () => {
    const project = await newProject();
    const first = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'a.txt', content: 'aaaa' }],
    });
    const transaction = first.response.body.transaction ?? '';
    const chunk = first.entries[0]?.chunks[0] ?? '';
    expect((await uploadChunk(api, transaction, chunk, Buffer.from('aaaa'))).status).toBe(200);
    await server.database.db.execute(
      sql`update uploads set last_ping = now() - interval '301 seconds' where id = ${transaction}`,
    );
    const taker = await push(writer, project, { version: 'v0', added: [{ path: 'b.txt', content: 'b' }] });
    expect(taker.status).toBe(200);
    // The old transaction is gone, bytes and all.
    expect((await uploadChunk(api, transaction, chunk, Buffer.from('aaaa'))).status).toBe(404);
    expect((await api.post(`/v1/project/push/finish/${transaction}`)).status).toBe(404);
  });

  it('does not take over an upload that is only idle for a while', async () => {
    const project = await newProject();
    const first = await startPush(api, project, { version: 'v0', added: [{ path: 'a.txt', content: 'a' }] });
    await server.database.db.execute(
      sql`update uploads set last_ping = now() - interval '200 seconds' where id = ${first.response.body.transaction ?? ''}`,
    );
    const second = await startPush(writer, project, {
      version: 'v0',
      added: [{ path: 'b.txt', content: 'b' }],
    });
    expect(second.response.status).toBe(400);
  });
});

describe('chunks', () => {
  let project: string;
  let transaction: string;
  let chunkIds: string[];
  beforeAll(async () => {
    project = await newProject();
    const started = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'data.bin', content: bigText(30, 'x') }],
      chunkSize: 10,
    });
    transaction = started.response.body.transaction ?? '';
    chunkIds = started.entries[0]?.chunks ?? [];
  });

  it('accepts only declared chunk ids and known transactions', async () => {
    expect((await uploadChunk(api, transaction, 'not-declared', Buffer.from('x'))).status).toBe(404);
    expect(
      (await uploadChunk(api, '4f0e7e1c-5b0a-4a8e-9d4e-6f7a8b9c0d1e', chunkIds[0] ?? '', Buffer.from('x')))
        .status,
    ).toBe(404);
    expect((await uploadChunk(api, 'not-a-uuid', chunkIds[0] ?? '', Buffer.from('x'))).status).toBe(404);
  });

  it("refuses another user's transaction", async () => {
    const response = await uploadChunk(writer, transaction, chunkIds[0] ?? '', Buffer.from('x'));
    expect(response).toMatchObject({ status: 403, body: { detail: PUSH_TEXTS.uploadForbidden } });
    expect((await writer.post(`/v1/project/push/finish/${transaction}`)).status).toBe(403);
    expect((await writer.post(`/v1/project/push/cancel/${transaction}`)).status).toBe(403);
  });

  it('refuses chunks over 10 MiB, by their declared length or as they stream', async () => {
    // A file big enough for its chunks to reach 10 MiB (none is uploaded whole).
    const big = await api.post<{ transaction: string }>(`/v1/project/push/${await newProject()}`, {
      version: 'v0',
      changes: {
        added: [{ path: 'big.bin', size: 25 * 1024 * 1024, checksum: sha1('x'), chunks: ['b1', 'b2', 'b3'] }],
      },
    });
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const declared = await uploadChunk(api, big.body.transaction, 'b1', tooBig);
    expect(declared).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.tooBigChunk } });

    // No Content-Length: the server counts while the bytes arrive.
    const streamed = await fetch(`${server.url}/v1/project/push/chunk/${big.body.transaction}/b1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.bearer}`, 'Content-Type': 'application/octet-stream' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 11; i += 1) controller.enqueue(new Uint8Array(1024 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toMatchObject({ detail: PUSH_TEXTS.tooBigChunk });
  });
});

describe('a chunk written twice at once', () => {
  it('counts as missing (the bytes of the two may be mixed): finish answers Corrupted files', async () => {
    const project = await newProject();
    const content = bigText(4096, 'mixed ');
    // b.txt is never sent: its share of the transaction's budget is what lets a second write of a.txt's chunk in.
    const { response, entries } = await startPush(api, project, {
      version: 'v0',
      added: [
        { path: 'a.txt', content },
        { path: 'b.txt', content: bigText(4096, 'other ') },
      ],
    });
    const transaction = response.body.transaction ?? '';
    const chunk = entries[0]?.chunks[0] ?? '';
    // One write of the chunk sends half its bytes, and waits once the server took its bytes from the budget.
    const slow = request(`${server.url}/v1/project/push/chunk/${transaction}/${chunk}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${api.bearer}`,
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(content.length),
      },
    });
    const slowStatus = new Promise<number>((resolve, reject) => {
      slow.on('response', (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      slow.on('error', reject);
    });
    slow.write(content.subarray(0, 2048));
    await expect
      .poll(async () => (await server.repos.uploads.findById(transaction))?.upload.receivedBytes)
      .toBe(content.length);
    // Another write of it, whole, ends meanwhile; then the first.
    expect((await uploadChunk(api, transaction, chunk, content)).status).toBe(200);
    slow.end(content.subarray(2048));
    expect(await slowStatus).toBe(200);
    const finished = await api.post<{ detail: unknown }>(`/v1/project/push/finish/${transaction}`);
    expect(finished).toMatchObject({
      status: 422,
      body: { detail: { corrupted_files: ['a.txt', 'b.txt'] } },
    });
  });
});

describe('finish', () => {
  it('refuses a file whose size does not match, and releases the lock', async () => {
    const project = await newProject();
    const started = await startPush(api, project, {
      version: 'v0',
      added: [
        { path: 'good.txt', content: 'good' },
        { path: 'short.txt', content: 'four' },
      ],
    });
    const transaction = started.response.body.transaction ?? '';
    const [good, short] = started.entries;
    await uploadChunk(api, transaction, good?.chunks[0] ?? '', Buffer.from('good'));
    await uploadChunk(api, transaction, short?.chunks[0] ?? '', Buffer.from('fou'));
    const finished = await api.post(`/v1/project/push/finish/${transaction}`);
    expect(finished).toMatchObject({ status: 422, body: { detail: { corrupted_files: ['short.txt'] } } });
    const info = await api.get<Project>(`/v1/project/${project}`);
    expect(info.body).toMatchObject({ version: 'v0', files: [] });
    // The failed upload let go of the project.
    expect(
      (await push(api, project, { version: 'v0', added: [{ path: 'x.txt', content: 'x' }] })).status,
    ).toBe(200);
  });

  it('refuses a file whose SHA-1 does not match', async () => {
    const project = await newProject();
    const started = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'a.txt', content: 'abcd' }],
    });
    const transaction = started.response.body.transaction ?? '';
    await uploadChunk(api, transaction, started.entries[0]?.chunks[0] ?? '', Buffer.from('abce'));
    const finished = await api.post(`/v1/project/push/finish/${transaction}`);
    expect(finished).toMatchObject({ status: 422, body: { detail: { corrupted_files: ['a.txt'] } } });
  });

  it('refuses a file with a missing chunk', async () => {
    const project = await newProject();
    const started = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'a.txt', content: 'abcdefgh' }],
      chunkSize: 4,
    });
    const transaction = started.response.body.transaction ?? '';
    await uploadChunk(api, transaction, started.entries[0]?.chunks[0] ?? '', Buffer.from('abcd'));
    const finished = await api.post(`/v1/project/push/finish/${transaction}`);
    expect(finished).toMatchObject({ status: 422, body: { detail: { corrupted_files: ['a.txt'] } } });
  });

  it('cancel drops the upload: its chunks are refused and the project is free', async () => {
    const project = await newProject();
    const started = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'a.txt', content: 'abcd' }],
    });
    const transaction = started.response.body.transaction ?? '';
    expect((await api.post(`/v1/project/push/cancel/${transaction}`)).status).toBe(200);
    expect(
      (await uploadChunk(api, transaction, started.entries[0]?.chunks[0] ?? '', Buffer.from('abcd'))).status,
    ).toBe(404);
    expect((await api.post(`/v1/project/push/finish/${transaction}`)).status).toBe(404);
    expect((await api.post(`/v1/project/push/cancel/${transaction}`)).status).toBe(404);
    expect(
      (await push(api, project, { version: 'v0', added: [{ path: 'b.txt', content: 'b' }] })).status,
    ).toBe(200);
  });
});

describe('updates and removals', () => {
  it('updates files, removes files at once, and keeps sizes and tags current', async () => {
    const project = await newProject();
    await push(api, project, {
      version: 'v0',
      added: [
        { path: 'one.qgs', content: '<qgis/>' },
        { path: 'two.qgz', content: 'PK zip' },
        { path: 'data/a.txt', content: 'aaaa' },
      ],
    });
    expect((await api.get<Project>(`/v1/project/${project}`)).body.tags).toEqual([]);

    const updated = await push(api, project, {
      version: 'v1',
      updated: [{ path: 'data/a.txt', content: 'aaaaaaaa' }],
      added: [{ path: 'conflict (conflicted copy, anna v1).gpkg', content: 'SQLite' }],
    });
    expect(updated.body).toMatchObject({ version: 'v2', disk_usage: 7 + 6 + 8 + 6 });

    const removed = await api.post<Project & { has_conflict: boolean }>(`/v1/project/push/${project}`, {
      version: 'v2',
      changes: { removed: [{ path: 'two.qgz', checksum: sha1('PK zip'), size: 6 }] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      version: 'v3',
      disk_usage: 7 + 8 + 6,
      tags: ['valid_qgis', 'input_use'],
    });
    expect(removed.body.files.map((f) => f.path)).toEqual([
      'conflict (conflicted copy, anna v1).gpkg',
      'data/a.txt',
      'one.qgs',
    ]);
    const list = await api.get<{ projects: Array<{ name: string; has_conflict: boolean }> }>(
      '/v1/project/paginated?only_namespace=anna&per_page=100',
    );
    expect(list.body.projects.find((p) => `anna/${p.name}` === project)?.has_conflict).toBe(true);
  });

  it('lets the web app delete a file with its session cookie and CSRF token', async () => {
    const project = await newProject();
    await push(owner, project, {
      version: 'v0',
      added: [
        { path: 'photo.jpg', content: 'jpeg' },
        { path: 'keep.txt', content: 'k' },
      ],
    });
    const body = {
      version: 'v1',
      changes: { added: [], updated: [], removed: [{ path: 'photo.jpg', checksum: sha1('jpeg'), size: 4 }] },
    };

    owner.sendCsrf = false;
    const withoutToken = await owner.post(`/v1/project/push/${project}`, body);
    owner.sendCsrf = true;
    expect(withoutToken.status).toBe(400);

    const deleted = await owner.post<Project>(`/v1/project/push/${project}`, body);
    expect(deleted.status).toBe(200);
    expect(deleted.body.version).toBe('v2');
    expect(deleted.body.files.map((f) => f.path)).toEqual(['keep.txt']);

    // Readers may not delete.
    const byReader = await reader.post(`/v1/project/push/${project}`, {
      version: 'v2',
      changes: { removed: [{ path: 'keep.txt', checksum: sha1('k'), size: 1 }] },
    });
    expect(byReader.status).toBe(403);
  });

  it('blacklisted entries are dropped silently from a real push', async () => {
    const project = await newProject();
    const started = await startPush(api, project, {
      version: 'v0',
      added: [
        { path: '.mergin/mergin.json', content: '{}' },
        { path: 'photos/.DS_Store', content: 'x' },
        { path: 'real.txt', content: 'real' },
      ],
    });
    const transaction = started.response.body.transaction ?? '';
    const [mergin, , real] = started.entries;
    // Their chunks are not part of the transaction.
    expect((await uploadChunk(api, transaction, mergin?.chunks[0] ?? '', Buffer.from('{}'))).status).toBe(
      404,
    );
    await uploadChunk(api, transaction, real?.chunks[0] ?? '', Buffer.from('real'));
    const finished = await api.post<Project>(`/v1/project/push/finish/${transaction}`);
    expect(finished.body.files.map((f) => f.path)).toEqual(['real.txt']);
  });

  it('sends as many queries for 40 files as for 2: blob rows are written in one statement', async () => {
    const finishQueries = async (count: number) => {
      const project = await newProject();
      const started = await startPush(api, project, {
        version: 'v0',
        added: Array.from({ length: count }, (_, i) => ({
          path: `f${i}.txt`,
          content: `file ${count}/${i}`,
        })),
      });
      const transaction = started.response.body.transaction ?? '';
      for (const entry of started.entries) {
        await uploadChunk(api, transaction, entry.chunks[0] ?? '', entry.parts[0] ?? Buffer.alloc(0));
      }
      const { result, queries } = await server.countQueries(() =>
        api.post(`/v1/project/push/finish/${transaction}`),
      );
      expect(result.status).toBe(200);
      return queries;
    };
    const forty = await finishQueries(40);
    const two = await finishQueries(2);
    // One statement per file would make 38 more. (The caches' clock stands still: none runs out between the two.)
    expect(forty).toBe(two);
  });

  it('sends two statements per chunk once its transaction is known: the permission with the budget, the touch', async () => {
    const project = await newProject();
    const content = bigText(4000, 'chunk me ');
    const started = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'four.bin', content }],
      chunkSize: 1000,
    });
    const transaction = started.response.body.transaction ?? '';
    const [entry] = started.entries;
    const send = (index: number) =>
      server.countQueries(() =>
        uploadChunk(api, transaction, entry?.chunks[index] ?? '', entry?.parts[index] ?? Buffer.alloc(0)),
      );
    // The first chunk of a transaction reads its row (and the blobs it may hold) into this process's cache.
    expect((await send(0)).result.status).toBe(200);
    const counts = [];
    // Chunks in order, out of order, and one sent again (it gives the bytes of the one it replaces back).
    for (const index of [1, 3, 2, 2]) {
      const { result, queries } = await send(index);
      expect(result.status).toBe(200);
      counts.push(queries);
    }
    // The permission is asked again on every chunk (issue 22), in the statement that takes the chunk's bytes.
    expect(counts).toEqual([2, 2, 2, 2]);
    const finished = await api.post<Project>(`/v1/project/push/finish/${transaction}`);
    expect(finished.status).toBe(200);
    expect(finished.body.files).toMatchObject([{ path: 'four.bin', size: 4000, checksum: sha1(content) }]);
  });

  it('sends two statements per v2 chunk: the quota lock with the permission, the quota decision with its record', async () => {
    const project = await newProject();
    const id =
      (await server.repos.projects.findByPath('anna', project.split('/')[1] ?? ''))?.project.id ?? '';
    const counts = [];
    for (const bytes of ['first chunk', 'second chunk']) {
      const { result, queries } = await server.countQueries(() =>
        api.post(`/v2/projects/${id}/chunks`, new Uint8Array(Buffer.from(bytes))),
      );
      expect(result.status).toBe(200);
      counts.push(queries);
    }
    expect(counts).toEqual([V2_CHUNK_STATEMENTS, V2_CHUNK_STATEMENTS]);
  });

  it('leaves no temporary blob files behind when a file is corrupted', async () => {
    const project = await newProject();
    const started = await startPush(api, project, {
      version: 'v0',
      added: [
        { path: 'good.txt', content: 'good' },
        { path: 'bad.txt', content: 'four' },
      ],
    });
    const transaction = started.response.body.transaction ?? '';
    const [good, bad] = started.entries;
    await uploadChunk(api, transaction, good?.chunks[0] ?? '', Buffer.from('good'));
    await uploadChunk(api, transaction, bad?.chunks[0] ?? '', Buffer.from('fuor'));
    const finished = await api.post(`/v1/project/push/finish/${transaction}`);
    expect(finished).toMatchObject({ status: 422, body: { detail: { corrupted_files: ['bad.txt'] } } });
    expect(readdirSync(path.join(server.dataDir, 'blobs', 'tmp'))).toEqual([]);
  });

  it('stores each distinct content once', async () => {
    const project = await newProject();
    const content = bigText(5000, 'same bytes ');
    await push(api, project, {
      version: 'v0',
      added: [
        { path: 'a.bin', content },
        { path: 'copy/a.bin', content },
      ],
    });
    const files = await server.repos.projects.currentFiles(
      (await server.repos.projects.findByPath('anna', project.split('/')[1] ?? ''))?.project.id ?? '',
    );
    expect(new Set(files.map((f) => f.blobSha256)).size).toBe(1);
    expect(entryOf({ path: 'a.bin', content }, 100).chunks).toHaveLength(50);
  });
});

describe('bytes the server already holds', () => {
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  const blobFile = (data: Buffer) => {
    const hash = sha256(data);
    return path.join(server.dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
  };
  const identity = (data: Buffer) => {
    const stat = statSync(blobFile(data));
    return { inode: stat.ino, mtime: stat.mtimeMs };
  };
  const raw = async (project: string, file: string) => {
    const answer = await fetch(`${server.url}/v1/project/raw/${project}?file=${encodeURIComponent(file)}`, {
      headers: { Authorization: `Bearer ${api.bearer}` },
    });
    return Buffer.from(await answer.arrayBuffer());
  };

  it('are recorded with their SHA-1, and a second push of them writes no blob again', async () => {
    const large = bigText(2500, 'bytes held in three chunks ');
    const single = Buffer.from('bytes held in a single chunk');
    const first = await newProject();
    await push(api, first, {
      version: 'v0',
      added: [
        { path: 'big.bin', content: large },
        { path: 'one.txt', content: single },
      ],
      chunkSize: 1000,
    });
    const held = await server.repos.blobs.findBySha1([
      { sha1: sha1(large), size: large.length },
      { sha1: sha1(single), size: single.length },
    ]);
    expect([...held.values()].sort()).toEqual([sha256(large), sha256(single)].sort());
    const before = [identity(large), identity(single)];

    const second = await newProject();
    await push(api, second, {
      version: 'v0',
      added: [
        { path: 'copy.bin', content: large },
        { path: 'again.txt', content: single },
      ],
      chunkSize: 1000,
    });
    // Not written again: a new blob file would have been renamed over the old one (another inode).
    expect([identity(large), identity(single)]).toEqual(before);
    expect(readdirSync(path.join(server.dataDir, 'blobs', 'tmp'))).toEqual([]);
    expect(await raw(second, 'copy.bin')).toEqual(large);
    expect(await raw(second, 'again.txt')).toEqual(single);
  });

  it('still refuses other bytes declared with their checksum and size (422, nothing stored)', async () => {
    const genuine = Buffer.from('the genuine bytes of a held file');
    await push(api, await newProject(), { version: 'v0', added: [{ path: 'a.txt', content: genuine }] });
    const project = await newProject();
    const { response, entries } = await startPush(api, project, {
      version: 'v0',
      added: [{ path: 'fake.txt', content: genuine }],
    });
    const forged = Buffer.alloc(genuine.length, 'x');
    const transaction = response.body.transaction ?? '';
    await uploadChunk(api, transaction, entries[0]?.chunks[0] ?? '', forged);
    const finish = await api.post(`/v1/project/push/finish/${transaction}`);
    expect(finish.status).toBe(422);
    expect(finish.body).toMatchObject({ detail: { corrupted_files: ['fake.txt'] } });
    expect((await api.get<Project>(`/v1/project/${project}`)).body.version).toBe('v0');
  });

  it('are stored as a blob of their own when their SHA-1 and size are those of a held blob but the bytes differ', async () => {
    // A SHA-1 collision, made by telling the server that a held blob has the SHA-1 of other bytes of its size.
    const held = Buffer.from('bytes of the blob the server holds, 3 chunks');
    const other = Buffer.from('other bytes, the same size as the held blob!');
    expect(other.length).toBe(held.length);
    await push(api, await newProject(), { version: 'v0', added: [{ path: 'held.txt', content: held }] });
    await server.database.db.execute(
      sql`update blobs set sha1 = ${sha1(other)} where sha256 = ${sha256(held)}`,
    );
    const project = await newProject();
    await push(api, project, {
      version: 'v0',
      added: [{ path: 'other.txt', content: other }],
      chunkSize: 16,
    });
    expect(await raw(project, 'other.txt')).toEqual(other);
    expect(readFileSync(blobFile(other))).toEqual(other);
    expect(readFileSync(blobFile(held))).toEqual(held);
  });

  it('are written again from the chunks when the stored bytes went missing', async () => {
    const content = Buffer.from('bytes whose blob file was lost');
    await push(api, await newProject(), { version: 'v0', added: [{ path: 'lost.txt', content }] });
    rmSync(blobFile(content));
    const project = await newProject();
    await push(api, project, { version: 'v0', added: [{ path: 'found.txt', content }] });
    expect(readFileSync(blobFile(content))).toEqual(content);
    expect(await raw(project, 'found.txt')).toEqual(content);
  });
});
