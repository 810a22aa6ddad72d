import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DELTA_TEXTS,
  type DeltaResponse,
  type ProjectV2,
  PUSH_TEXTS,
  UPLOAD_CHUNK_SIZE,
  V2_ERRORS,
} from '@waymark/contract';
import { diff } from '@waymark/gpkg-diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCleanupJob } from '../src/jobs/jobs.ts';
import { HttpClient } from './http-client.ts';
import { MerginDevice } from './mergin-device.ts';
import { push, sha1, startPush, uploadChunk } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The corners of the sync protocol through real HTTP: v1 chunk retries and the client's cancel on a mismatch;
 * every v2 answer (chunks, dry runs, each error code, files at a version, delta ranges, diff downloads) and the
 * collection of unused v2 chunks.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
const MODIFIED = readFileSync(path.join(FIXTURES, 'modified.gpkg'));

let server: TestServer;
let api: HttpClient;
let work: string;
let projects = 0;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-sync-edges-'));
  server = await startTestServer();
  await server.createUser({ username: 'vera' });
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'vera',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** A new project of vera's with survey.gpkg and notes.txt at v1; answers its path and id. */
async function project(): Promise<{ path: string; id: string }> {
  projects += 1;
  const created = await server.createProject('vera', 'vera', `edges-${projects}`);
  const projectPath = `vera/edges-${projects}`;
  await push(api, projectPath, {
    version: 'v0',
    added: [
      { path: 'survey.gpkg', content: BASE },
      { path: 'notes.txt', content: 'notes' },
    ],
  });
  return { path: projectPath, id: created.id };
}

const chunk = (id: string, bytes: Buffer | string) =>
  api.post<{ id: string; valid_until: string } & Record<string, unknown>>(
    `/v2/projects/${id}/chunks`,
    new Uint8Array(Buffer.from(bytes)),
  );
const versions = (id: string, body: object) =>
  api.post<ProjectV2 & Record<string, unknown>>(`/v2/projects/${id}/versions`, body);
const addition = (filePath: string, bytes: string, chunks: string[]) => ({
  version: 'v1',
  changes: {
    added: [{ path: filePath, checksum: sha1(bytes), size: bytes.length, chunks }],
    updated: [],
    removed: [],
  },
});

describe('v1 chunks as the client sends them', () => {
  it('takes a chunk sent again: the retry replaces the first bytes', async () => {
    const { path: projectPath } = await project();
    const { response, entries } = await startPush(api, projectPath, {
      version: 'v1',
      added: [{ path: 'retry.txt', content: 'the right bytes' }],
    });
    const transaction = response.body.transaction ?? '';
    const id = entries[0]?.chunks[0] ?? '';
    const wrong = await uploadChunk(api, transaction, id, Buffer.from('the wrong bytes'));
    expect(wrong.body.checksum).toBe(sha1('the wrong bytes'));
    const retried = await uploadChunk(api, transaction, id, Buffer.from('the right bytes'));
    expect(retried.body).toEqual({ checksum: sha1('the right bytes'), size: 15 });
    const finished = await api.post<{ version: string }>(`/v1/project/push/finish/${transaction}`);
    expect(finished).toMatchObject({ status: 200, body: { version: 'v2' } });
  });

  it('is cancelled by the client on a mismatch, and the project is free for the next push', async () => {
    const { path: projectPath } = await project();
    const device = new MerginDevice(server.url, path.join(work, 'mismatch'), 'v1');
    await device.login('vera', TEST_PASSWORD);
    await device.downloadProject('vera', projectPath.split('/')[1] ?? '');
    device.write('media.bin', Buffer.alloc(200 * 1024, 7));
    let sent = 0;
    device.onChunk = (bytes) => (++sent === 2 ? Buffer.concat([bytes, Buffer.from('x')]) : bytes);
    const failed = await device.push();
    expect(failed.status).toBe(0);
    // The cancel dropped the transaction and its lock: no version was made, the next push goes through.
    expect((await api.get<{ version: string }>(`/v1/project/${projectPath}`)).body.version).toBe('v1');
    device.onChunk = undefined;
    expect((await device.push()).status).toBe(200);
    expect(device.version).toBe('v2');
  });
});

describe('pulling with v1', () => {
  it('gives each GeoPackage its changes since vN, newest first, cut at its last creation', async () => {
    const { path: projectPath } = await project();
    await push(api, projectPath, { version: 'v1', removed: [{ path: 'survey.gpkg' }] });
    await push(api, projectPath, { version: 'v2', added: [{ path: 'survey.gpkg', content: MODIFIED }] });
    await push(api, projectPath, { version: 'v3', updated: [{ path: 'survey.gpkg', content: BASE }] });
    type Info = { files: Array<{ path: string; history: Record<string, { change: string }> }> };
    const info = await api.get<Info>(`/v1/project/${projectPath}?since=v1`);
    const history = info.body.files.find((file) => file.path === 'survey.gpkg')?.history ?? {};
    // v2 removed the file and v1 created its earlier life: neither belongs to the file of today.
    expect(Object.entries(history).map(([version, item]) => [version, item.change])).toEqual([
      ['v4', 'updated'],
      ['v3', 'added'],
    ]);
    const sinceV4 = await api.get<Info>(`/v1/project/${projectPath}?since=v4`);
    expect(
      Object.keys(sinceV4.body.files.find((file) => file.path === 'survey.gpkg')?.history ?? {}),
    ).toEqual(['v4']);
  });
});

describe('POST /v2/projects/{id}/chunks', () => {
  it('answers a new server id and how long the chunk stays valid', async () => {
    const { id } = await project();
    const answer = await chunk(id, 'bytes');
    expect(answer.status).toBe(200);
    expect(answer.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const validFor = Date.parse(answer.body.valid_until) - Date.now();
    expect(validFor).toBeGreaterThan(86_400_000 - 60_000);
    expect(validFor).toBeLessThanOrEqual(86_400_000);
    expect((await chunk(id, 'bytes')).body.id).not.toBe(answer.body.id);
  });

  it('refuses a chunk beyond the chunk size with 413 BigChunkError', async () => {
    const { id } = await project();
    const answer = await chunk(id, Buffer.alloc(UPLOAD_CHUNK_SIZE + 1));
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject(V2_ERRORS.bigChunk);
  });

  it('lets the cleanup job collect chunks no push used in time; a push naming one then fails', async () => {
    const { id } = await project();
    const old = (await chunk(id, 'old bytes')).body.id;
    const fresh = (await chunk(id, 'new bytes')).body.id;
    const past = new Date(Date.now() - 86_400_000 - 60_000);
    utimesSync(path.join(server.dataDir, 'chunks', old), past, past);
    await uploadCleanupJob(server.context).run(undefined, { retryCount: 0, last: true });
    const late = await versions(id, addition('old.txt', 'old bytes', [old]));
    expect(late).toMatchObject({
      status: 422,
      body: { ...V2_ERRORS.dataSync, failed_files: { 'old.txt': V2_ERRORS.corrupted } },
    });
    expect((await versions(id, addition('new.txt', 'new bytes', [fresh]))).status).toBe(201);
  });

  it('stores a chunk as one file named by its id, and still uses one stored as `<id>/0` by servers before', async () => {
    const { id } = await project();
    const chunks = path.join(server.dataDir, 'chunks');
    const flat = (await chunk(id, 'flat bytes')).body.id;
    const legacy = (await chunk(id, 'older bytes')).body.id;
    expect(statSync(path.join(chunks, flat)).isFile()).toBe(true);
    // The folder layout of before this one.
    renameSync(path.join(chunks, legacy), path.join(chunks, `${legacy}.moving`));
    mkdirSync(path.join(chunks, legacy));
    renameSync(path.join(chunks, `${legacy}.moving`), path.join(chunks, legacy, '0'));
    const both = {
      version: 'v1',
      changes: {
        added: [
          { path: 'flat.txt', checksum: sha1('flat bytes'), size: 10, chunks: [flat] },
          { path: 'older.txt', checksum: sha1('older bytes'), size: 11, chunks: [legacy] },
        ],
        updated: [],
        removed: [],
      },
    };
    expect((await versions(id, both)).status).toBe(201);
    // Used, so removed, in either layout.
    expect(existsSync(path.join(chunks, flat))).toBe(false);
    expect(existsSync(path.join(chunks, legacy))).toBe(false);
  });
});

describe('POST /v2/projects/{id}/versions', () => {
  it('answers a dry run with 204 and takes no lock; the push then answers the project with its files', async () => {
    const { id } = await project();
    const chunkId = (await chunk(id, 'hello')).body.id;
    const body = addition('hello.txt', 'hello', [chunkId]);
    expect((await versions(id, { ...body, check_only: true })).status).toBe(204);
    expect((await versions(id, { ...body, check_only: true })).status).toBe(204);
    const created = await versions(id, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id, version: 'v2', workspace: { name: 'vera' }, role: 'owner' });
    expect(created.body.files?.map((file) => file.path).sort()).toEqual([
      'hello.txt',
      'notes.txt',
      'survey.gpkg',
    ]);
    expect(created.body.files?.find((file) => file.path === 'hello.txt')?.checksum).toBe(sha1('hello'));
  });

  it('takes one chunk named by several files (the client reuses a chunk id for equal bytes)', async () => {
    const { id } = await project();
    const chunkId = (await chunk(id, 'same')).body.id;
    const entry = (filePath: string) => ({
      path: filePath,
      checksum: sha1('same'),
      size: 4,
      chunks: [chunkId],
    });
    const created = await versions(id, {
      version: 'v1',
      changes: { added: [entry('one.txt'), entry('two.txt')], updated: [], removed: [] },
    });
    expect(created.status).toBe(201);
    const files = created.body.files
      ?.filter((file) => file.checksum === sha1('same'))
      .map((file) => file.path);
    expect(files).toEqual(['one.txt', 'two.txt']);
  });

  it('answers 409 AnotherUploadRunning while a push holds the project', async () => {
    const { path: projectPath, id } = await project();
    const started = await startPush(api, projectPath, {
      version: 'v1',
      added: [{ path: 'a.txt', content: 'a' }],
    });
    expect(started.response.status).toBe(200);
    const chunkId = (await chunk(id, 'b')).body.id;
    const refused = await versions(id, addition('b.txt', 'b', [chunkId]));
    expect(refused).toMatchObject({ status: 409, body: V2_ERRORS.anotherUpload });
  });

  it('answers 422 UploadError for changes that do not fit the project, StorageLimitHit beyond the storage', async () => {
    const { id } = await project();
    const chunkId = (await chunk(id, 'notes')).body.id;
    const again = await versions(id, addition('notes.txt', 'notes', [chunkId]));
    expect(again).toMatchObject({
      status: 422,
      body: {
        code: 'UploadError',
        detail: V2_ERRORS.uploadErrorDetail(PUSH_TEXTS.alreadyUploaded('notes.txt')),
      },
    });
    const workspace = await server.repos.workspaces.findByName('vera');
    await server.repos.workspaces.setStorage(workspace?.id ?? 0, 10);
    try {
      const full = await versions(id, { ...addition('more.txt', 'more bytes', [chunkId]), check_only: true });
      expect(full).toMatchObject({ status: 422, body: { code: 'StorageLimitHit', storage_limit: 10 } });
    } finally {
      await server.repos.workspaces.setStorage(workspace?.id ?? 0, 1024 * 1024 * 1024);
    }
  });

  it('answers 422 DataSyncError with the reason per file for a changeset that does not apply', async () => {
    const { id } = await project();
    const garbage = Buffer.from('not a changeset at all');
    const chunkId = (await chunk(id, garbage)).body.id;
    const diffRef = {
      path: `survey.gpkg-diff-${randomUUID()}`,
      checksum: sha1(garbage),
      size: garbage.length,
    };
    const refused = await versions(id, {
      version: 'v1',
      changes: {
        added: [],
        updated: [
          { path: 'survey.gpkg', checksum: sha1(BASE), size: BASE.length, chunks: [chunkId], diff: diffRef },
        ],
        removed: [],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'DataSyncError' });
    expect((refused.body.failed_files as Record<string, string>)['survey.gpkg']).toMatch(/^sync error: /);
    // The lock went with the failure.
    expect((await versions(id, { ...addition('x.txt', 'x', []), check_only: true })).status).toBe(204);
  });
});

describe('pulling with v2', () => {
  let id: string;
  let changeset: Buffer;
  let diffId: string;
  beforeAll(async () => {
    ({ id } = await project());
    writeFileSync(path.join(work, 'base.gpkg'), BASE);
    writeFileSync(path.join(work, 'modified.gpkg'), MODIFIED);
    diff(path.join(work, 'base.gpkg'), path.join(work, 'modified.gpkg'), path.join(work, 'pull.diff'));
    changeset = readFileSync(path.join(work, 'pull.diff'));
    const chunkId = (await chunk(id, changeset)).body.id;
    diffId = `survey.gpkg-diff-${randomUUID()}`;
    const pushed = await versions(id, {
      version: 'v1',
      changes: {
        added: [],
        updated: [
          {
            path: 'survey.gpkg',
            checksum: sha1(BASE),
            size: MODIFIED.length,
            chunks: [chunkId],
            diff: { path: diffId, checksum: sha1(changeset), size: changeset.length },
          },
        ],
        removed: [{ path: 'notes.txt', checksum: sha1('notes'), size: 5 }],
      },
    });
    expect(pushed.status).toBe(201);
  });

  it('lists the files of a past version, none for a version that does not exist, 400 for a bad name', async () => {
    const atV1 = await api.get<ProjectV2>(`/v2/projects/${id}?files_at_version=v1`);
    expect(atV1.body).toMatchObject({ version: 'v2', size: expect.any(Number) });
    expect(atV1.body.files?.map((file) => [file.path, file.checksum])).toEqual([
      ['notes.txt', sha1('notes')],
      ['survey.gpkg', sha1(BASE)],
    ]);
    expect((await api.get<ProjectV2>(`/v2/projects/${id}?files_at_version=v9`)).body.files).toBeUndefined();
    expect((await api.get<ProjectV2>(`/v2/projects/${id}`)).body.files).toBeUndefined();
    expect((await api.get(`/v2/projects/${id}?files_at_version=latest`)).status).toBe(400);
  });

  it('answers the net change of each file in a range of versions', async () => {
    const all = await api.get<DeltaResponse>(`/v2/projects/${id}/delta?since=v0`);
    // Created in v1 and changed since: still a creation, with the latest size and checksum, no diffs.
    expect(all.body.to_version).toBe('v2');
    expect(all.body.items).toEqual([
      {
        path: 'survey.gpkg',
        size: expect.any(Number),
        checksum: expect.any(String),
        version: 'v2',
        change: 'create',
      },
    ]);
    const sinceV1 = await api.get<DeltaResponse>(`/v2/projects/${id}/delta?since=v1`);
    expect(sinceV1.body.items.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'notes.txt', size: 5, checksum: sha1('notes'), version: 'v2', change: 'delete' },
      {
        path: 'survey.gpkg',
        size: expect.any(Number),
        checksum: expect.any(String),
        version: 'v2',
        change: 'update_diff',
        diffs: [{ id: diffId }],
      },
    ]);
    const onlyV1 = await api.get<DeltaResponse>(`/v2/projects/${id}/delta?since=v0&to=v1`);
    expect(onlyV1.body.to_version).toBe('v1');
    expect(onlyV1.body.items.map((item) => [item.path, item.change]).sort()).toEqual([
      ['notes.txt', 'create'],
      ['survey.gpkg', 'create'],
    ]);
    expect((await api.get<DeltaResponse>(`/v2/projects/${id}/delta?since=v2`)).body).toEqual({
      to_version: 'v2',
      items: [],
    });
    expect((await api.get(`/v2/projects/${id}/delta?since=v0&to=v3`)).body).toMatchObject({
      detail: DELTA_TEXTS.toTooHigh,
    });
    expect((await api.get(`/v2/projects/${id}/delta?since=v2&to=v1`)).body).toMatchObject({
      detail: DELTA_TEXTS.sinceTooHigh(true),
    });
    expect((await api.get(`/v2/projects/${id}/delta?since=v3`)).body).toMatchObject({
      detail: DELTA_TEXTS.sinceTooHigh(false),
    });
  });

  it('serves a diff by its id: exactly the uploaded changeset, as the v1 raw ?diff=true', async () => {
    const response = await fetch(`${server.url}/v2/projects/${id}/raw/diff?file=${diffId}`, {
      headers: { Authorization: `Bearer ${api.bearer}` },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(changeset);
    const projectPath = `vera/edges-${projects}`;
    const v1 = await fetch(
      `${server.url}/v1/project/raw/${projectPath}?file=survey.gpkg&version=v2&diff=true`,
      {
        headers: { Authorization: `Bearer ${api.bearer}` },
      },
    );
    expect(Buffer.from(await v1.arrayBuffer())).toEqual(changeset);
    expect((await api.get(`/v2/projects/${id}/raw/diff?file=survey.gpkg-diff-unknown`)).status).toBe(404);
  });
});
