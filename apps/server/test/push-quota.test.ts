import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUSH_TEXTS } from '@waymark/contract';
import { diff } from '@waymark/gpkg-diff';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { entryOf, push, pushDiff, sha1, startPush, uploadChunk } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * Workspace storage quotas that hold (issue 22 §4): the four ways past a quota that were shown, each refused.
 * Every workspace here is a user's own, with its storage set per test.
 */

const MiB = 1024 * 1024;
const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));

let server: TestServer;
let work: string;
let users = 0;

beforeAll(async () => {
  server = await startTestServer();
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-quota-'));
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** A new user with a Bearer client, whose workspace has `projects` empty projects; answers their paths and ids. */
async function workspaceWith(projects: number) {
  users += 1;
  const name = `quota${users}`;
  await server.createUser({ username: name });
  const client = new HttpClient(server.url);
  const login = await client.post<{ session: { token: string } }>('/v1/auth/login', {
    login: name,
    password: TEST_PASSWORD,
  });
  client.bearer = login.body.session.token;
  const created = [];
  for (let i = 1; i <= projects; i += 1) {
    const project = await server.createProject(name, name, `p${i}`);
    created.push({ path: `${name}/p${i}`, id: project.id });
  }
  const workspace = await server.repos.workspaces.findByName(name);
  const workspaceId = workspace?.id ?? 0;
  return {
    client,
    projects: created,
    setStorage: (bytes: number) => server.repos.workspaces.setStorage(workspaceId, bytes),
    usage: async () => (await server.repos.workspaces.usage([workspaceId])).get(workspaceId)?.diskUsage ?? 0,
  };
}

const versionOf = async (client: HttpClient, project: string) =>
  (await client.get<{ version: string }>(`/v1/project/${project}`)).body.version;

describe('a diff update that declares a small size', () => {
  it('is refused at the commit when the file the server rebuilds goes beyond the storage', async () => {
    const { client, projects, setStorage, usage } = await workspaceWith(1);
    const [project] = projects;
    await push(client, project?.path ?? '', {
      version: 'v0',
      added: [{ path: 'survey.gpkg', content: BASE }],
    });
    // A changeset of ~120 kB: smaller than the file it updates, so the start (declared size: 1) lets it in.
    const grown = path.join(work, `grown-${randomUUID()}.gpkg`);
    copyFileSync(path.join(FIXTURES, 'base.gpkg'), grown);
    const db = new Database(grown);
    const insert = db.prepare('INSERT INTO notes (text, priority) VALUES (?, 1)');
    for (let i = 0; i < 60; i += 1) insert.run(randomBytes(1000).toString('hex'));
    db.close();
    const changesetFile = `${grown}.diff`;
    diff(path.join(FIXTURES, 'base.gpkg'), grown, changesetFile);
    const changeset = readFileSync(changesetFile);
    expect(changeset.length).toBeLessThan(BASE.length);

    const before = await usage();
    await setStorage(before + 50_000);
    const { response } = await pushDiff(client, project?.path ?? '', {
      version: 'v1',
      path: 'survey.gpkg',
      base: BASE,
      changeset,
      fullSize: 1,
    });
    expect(response).toMatchObject({
      status: 422,
      body: {
        code: 'StorageLimitHit',
        detail: PUSH_TEXTS.storageLimit,
        current_usage: before,
        storage_limit: before + 50_000,
      },
    });
    // Nothing was committed, and the project is free for the next push.
    expect(await versionOf(client, project?.path ?? '')).toBe('v1');
    expect(await usage()).toBe(before);
    await setStorage(before + MiB);
    const retried = await pushDiff(client, project?.path ?? '', {
      version: 'v1',
      path: 'survey.gpkg',
      base: BASE,
      changeset,
      fullSize: 1,
    });
    expect(retried.response.status).toBe(200);
    expect(await usage()).toBeGreaterThan(before + 50_000);
  });

  it('is refused at the start when its changeset alone is beyond the storage', async () => {
    const { client, projects, setStorage, usage } = await workspaceWith(1);
    const path0 = projects[0]?.path ?? '';
    await push(client, path0, { version: 'v0', added: [{ path: 'survey.gpkg', content: BASE }] });
    await setStorage((await usage()) + 100_000);
    const started = await client.post(`/v1/project/push/${path0}`, {
      version: 'v1',
      changes: {
        updated: [
          {
            path: 'survey.gpkg',
            checksum: sha1(BASE),
            size: 1,
            chunks: [randomUUID()],
            diff: { path: `survey.gpkg-diff-${randomUUID()}`, checksum: sha1('x'), size: 5_500_000 },
          },
        ],
      },
    });
    expect(started).toMatchObject({ status: 422, body: { code: 'StorageLimitHit' } });
  });
});

describe('concurrent pushes to the projects of one workspace', () => {
  const content = (seed: number) => Buffer.alloc(1.5 * MiB, seed);

  it('start one after another: only the pushes that fit get a transaction', async () => {
    const { client, projects, setStorage, usage } = await workspaceWith(3);
    await setStorage(2 * MiB);
    const starts = await Promise.all(
      projects.map((project, i) =>
        startPush(client, project.path, { version: 'v0', added: [{ path: 'a.bin', content: content(i) }] }),
      ),
    );
    const statuses = starts.map((start) => start.response.status).sort();
    expect(statuses).toEqual([200, 422, 422]);
    for (const start of starts.filter((s) => s.response.status === 422)) {
      expect(start.response.body).toMatchObject({ code: 'StorageLimitHit', storage_limit: 2 * MiB });
    }
    const [winner] = starts.filter((start) => start.response.status === 200);
    const transaction = winner?.response.body.transaction ?? '';
    for (const entry of winner?.entries ?? []) {
      for (const [index, id] of entry.chunks.entries()) {
        expect(
          (await uploadChunk(client, transaction, id, entry.parts[index] ?? Buffer.alloc(0))).status,
        ).toBe(200);
      }
    }
    expect((await client.post(`/v1/project/push/finish/${transaction}`)).status).toBe(200);
    expect(await usage()).toBe(1.5 * MiB);
  });

  it('commit one after another: the commits beyond the storage are refused with the sizes stored', async () => {
    const { client, projects, setStorage, usage } = await workspaceWith(3);
    // All three start while there is room; the storage is lowered before they finish.
    const starts = await Promise.all(
      projects.map((project, i) =>
        startPush(client, project.path, { version: 'v0', added: [{ path: 'a.bin', content: content(i) }] }),
      ),
    );
    for (const start of starts) {
      expect(start.response.status).toBe(200);
      const [entry] = start.entries;
      const answer = await uploadChunk(
        client,
        start.response.body.transaction ?? '',
        entry?.chunks[0] ?? '',
        entry?.parts[0] ?? Buffer.alloc(0),
      );
      expect(answer.status).toBe(200);
    }
    await setStorage(2 * MiB);
    const finishes = await Promise.all(
      starts.map((start) => client.post(`/v1/project/push/finish/${start.response.body.transaction}`)),
    );
    expect(finishes.map((finish) => finish.status).sort()).toEqual([200, 422, 422]);
    for (const finish of finishes.filter((f) => f.status === 422)) {
      expect(finish.body).toMatchObject({
        code: 'StorageLimitHit',
        current_usage: 1.5 * MiB,
        storage_limit: 2 * MiB,
      });
    }
    expect(await usage()).toBe(1.5 * MiB);
    const versions = await Promise.all(projects.map((project) => versionOf(client, project.path)));
    expect(versions.sort()).toEqual(['v0', 'v0', 'v1']);
  });
});

describe('chunks beyond the declared sizes', () => {
  it('refuses chunk ids a file cannot fill: a 1-byte file with 12 chunks, or 11 MiB in one chunk', async () => {
    const { client, projects } = await workspaceWith(1);
    const path0 = projects[0]?.path ?? '';
    const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
    const tooMany = await client.post(`/v1/project/push/${path0}`, {
      version: 'v0',
      changes: { added: [{ path: 'one.bin', size: 1, checksum: sha1('x'), chunks: ids(12) }] },
    });
    expect(tooMany).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.chunkCount('one.bin') } });
    const tooFew = await client.post(`/v1/project/push/${path0}`, {
      version: 'v0',
      changes: { added: [{ path: 'big.bin', size: 11 * MiB, checksum: sha1('x'), chunks: ids(1) }] },
    });
    expect(tooFew).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.chunkCount('big.bin') } });
    const fits = await client.post(`/v1/project/push/${path0}`, {
      version: 'v0',
      changes: { added: [{ path: 'ok.bin', size: 2, checksum: sha1('xy'), chunks: ids(2) }] },
    });
    expect(fits.status).toBe(200);
    await client.post(`/v1/project/push/cancel/${(fits.body as { transaction: string }).transaction}`);
  });

  it('refuses the bytes of a chunk beyond its file’s declared size, sent with or without a length', async () => {
    const { client, projects } = await workspaceWith(1);
    const path0 = projects[0]?.path ?? '';
    const chunk = randomUUID();
    const started = await client.post<{ transaction: string }>(`/v1/project/push/${path0}`, {
      version: 'v0',
      changes: { added: [{ path: 'one.bin', size: 1, checksum: sha1('x'), chunks: [chunk] }] },
    });
    const transaction = started.body.transaction;
    const declared = await uploadChunk(client, transaction, chunk, Buffer.alloc(10 * MiB, 1));
    expect(declared).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.beyondDeclaredSize } });
    const streamed = await fetch(`${server.url}/v1/project/push/chunk/${transaction}/${chunk}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${client.bearer}`, 'Content-Type': 'application/octet-stream' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i += 1) controller.enqueue(new Uint8Array(64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toMatchObject({
      detail: PUSH_TEXTS.beyondDeclaredSize,
      status: 400,
      title: 'Bad Request',
    });
    // The declared byte, sent again (a retry replaces the chunk), completes the push.
    expect((await uploadChunk(client, transaction, chunk, Buffer.from('x'))).status).toBe(200);
    expect((await uploadChunk(client, transaction, chunk, Buffer.from('x'))).status).toBe(200);
    expect((await client.post(`/v1/project/push/finish/${transaction}`)).status).toBe(200);
  });

  it('lets a push whose chunks are split any way within the bounds through', async () => {
    const { client, projects } = await workspaceWith(1);
    const file = { path: 'split.bin', content: randomBytes(5000) };
    const finished = await push(client, projects[0]?.path ?? '', {
      version: 'v0',
      added: [file],
      chunkSize: 999,
    });
    expect(finished.status).toBe(200);
    expect(entryOf(file, 999).chunks).toHaveLength(6);
  });
});

describe('v2 chunks', () => {
  const uploadV2 = (client: HttpClient, id: string, bytes: number) =>
    client.post<{ id: string }>(`/v2/projects/${id}/chunks`, new Uint8Array(Buffer.alloc(bytes, 7)));

  it('count against the workspace’s storage while they wait for a push, v1 pushes included', async () => {
    const { client, projects, setStorage } = await workspaceWith(2);
    const [first, second] = projects;
    await setStorage(2 * MiB + 1000);
    expect((await uploadV2(client, first?.id ?? '', MiB)).status).toBe(200);
    expect((await uploadV2(client, first?.id ?? '', MiB)).status).toBe(200);
    const third = await uploadV2(client, first?.id ?? '', MiB);
    expect(third).toMatchObject({
      status: 422,
      body: { code: 'StorageLimitHit', current_usage: 2 * MiB, storage_limit: 2 * MiB + 1000 },
    });
    // The other project's v1 push finds the bytes held too.
    const v1 = await startPush(client, second?.path ?? '', {
      version: 'v0',
      added: [{ path: 'a.bin', content: Buffer.alloc(2000, 1) }],
    });
    expect(v1.response).toMatchObject({ status: 422, body: { code: 'StorageLimitHit' } });
    // Expired chunks give their room back.
    await server.context.syncV2.removeExpiredChunks(new Date(Date.now() + 365 * 24 * 3600 * 1000));
    expect((await uploadV2(client, first?.id ?? '', MiB)).status).toBe(200);
  });

  it('arrive while pushes of the same project commit, without either waiting for the other for good', async () => {
    const { client, projects } = await workspaceWith(1);
    const [project] = projects;
    for (let round = 0; round < 3; round += 1) {
      const started = await startPush(client, project?.path ?? '', {
        version: `v${round}`,
        added: [{ path: `f${round}.txt`, content: `round ${round}` }],
      });
      const transaction = started.response.body.transaction ?? '';
      const [entry] = started.entries;
      await uploadChunk(client, transaction, entry?.chunks[0] ?? '', entry?.parts[0] ?? Buffer.alloc(0));
      const answers = await Promise.all([
        client.post(`/v1/project/push/finish/${transaction}`),
        ...Array.from({ length: 4 }, () => uploadV2(client, project?.id ?? '', 1000)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    }
  });

  it('used by a push give their room back', async () => {
    const { client, projects, setStorage, usage } = await workspaceWith(2);
    const [project, other] = projects;
    await setStorage(MiB + 10);
    const bytes = Buffer.alloc(MiB, 3);
    const chunk = await client.post<{ id: string }>(
      `/v2/projects/${project?.id}/chunks`,
      new Uint8Array(bytes),
    );
    expect(chunk.status).toBe(200);
    const pushed = await client.post(`/v2/projects/${project?.id}/versions`, {
      version: 'v0',
      changes: {
        added: [{ path: 'a.bin', size: MiB, checksum: sha1(bytes), chunks: [chunk.body.id] }],
        updated: [],
        removed: [],
      },
    });
    expect(pushed.status).toBe(201);
    expect(await usage()).toBe(MiB);
    // The 10 bytes left are free: the used chunk holds nothing any more.
    expect((await uploadV2(client, other?.id ?? '', 10)).status).toBe(200);
    expect((await uploadV2(client, other?.id ?? '', 1)).status).toBe(422);
  });
});
