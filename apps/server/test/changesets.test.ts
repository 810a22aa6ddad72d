import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHANGESET_API_TEXTS,
  type ChangesetDetail,
  type ChangesetSummary,
  FILE_TEXTS,
  type ProjectDetail,
  type ProjectVersionDetail,
  type ProjectVersionsPage,
  PUSH_TEXTS,
} from '@waymark/contract';
import { apply, diff, summarize } from '@waymark/gpkg-diff';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs, uploads } from '../src/db/schema.ts';
import { gpkgRows } from './gpkg-rows.ts';
import { HttpClient } from './http-client.ts';
import { push, pushDiff, sha1 } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * GeoPackage changesets through the real HTTP API, with the job queue running: computed in the background for
 * whole-file updates, applied at finish for plugin-style diff pushes, and read back (version detail, detail
 * list, raw changeset, history).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const BASE = fixture('base.gpkg');
const MODIFIED = fixture('modified.gpkg');
const ADDED_COLUMN = fixture('added-column.gpkg');

/** The summary of base.gpkg → modified.gpkg (tables in name order). */
const EXPECTED_SUMMARY = [
  { table: 'lines', insert: 0, update: 2, delete: 1 },
  { table: 'notes', insert: 1, update: 1, delete: 0 },
  { table: 'points', insert: 2, update: 4, delete: 1 },
  { table: 'polygons', insert: 1, update: 1, delete: 0 },
  { table: 'visits', insert: 1, update: 1, delete: 1 },
];

let server: TestServer;
let api: HttpClient;
let work: string;
/** The changeset base.gpkg → modified.gpkg as the engine writes it locally, and what it rebuilds. */
let changeset: Buffer;

const file = (name: string) => path.join(work, name);

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-changesets-'));
  writeFileSync(file('base.gpkg'), BASE);
  writeFileSync(file('modified.gpkg'), MODIFIED);
  diff(file('base.gpkg'), file('modified.gpkg'), file('base-to-modified.diff'));
  changeset = readFileSync(file('base-to-modified.diff'));

  server = await startTestServer({}, { jobs: true });
  await server.createUser({ username: 'gina' });
  await server.createUser({ username: 'stranger' });
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'gina',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

let projects = 0;
/** A new project of gina's with survey.gpkg (base.gpkg) and notes.txt at v1; answers its path and id. */
async function projectWithBase(): Promise<{ project: string; id: string }> {
  projects += 1;
  const created = await server.createProject('gina', 'gina', `survey-${projects}`);
  const project = `gina/survey-${projects}`;
  await push(api, project, {
    version: 'v0',
    added: [
      { path: 'survey.gpkg', content: BASE },
      { path: 'notes.txt', content: 'field notes' },
    ],
    chunkSize: 64 * 1024,
  });
  return { project, id: created.id };
}

const versionDetail = async (id: string, version: string) =>
  (await api.get<ProjectVersionDetail>(`/v1/project/version/${id}/${version}`)).body;

/** Polls the version detail until the file's changeset is there (the job ran), for at most 30 s. */
async function changesetOf(id: string, version: string, filePath: string): Promise<ChangesetSummary> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const changeset = (await versionDetail(id, version)).changesets[filePath];
    if (changeset) return changeset;
    if (Date.now() > deadline) throw new Error(`no changeset of ${filePath} in ${version} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const raw = (project: string, query: string) =>
  fetch(`${server.url}/v1/project/raw/${project}?${query}`, {
    headers: { Authorization: `Bearer ${api.bearer}` },
  });

const rawBytes = async (project: string, query: string) => {
  const response = await raw(project, query);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const detailList = (project: string, version: string, filePath: string) =>
  api.get<ChangesetDetail | { detail: string }>(
    `/v1/resource/changesets/${project}/${version}?path=${encodeURIComponent(filePath)}`,
  );

describe('a whole-file update of a GeoPackage', () => {
  let project: string;
  let id: string;
  beforeAll(async () => {
    ({ project, id } = await projectWithBase());
    await push(api, project, { version: 'v1', updated: [{ path: 'survey.gpkg', content: MODIFIED }] });
  });

  it('gets its changeset computed by the job: the summary per table, the size of the changeset', async () => {
    const computed = await changesetOf(id, 'v2', 'survey.gpkg');
    expect(computed).toEqual({ summary: EXPECTED_SUMMARY, size: changeset.length });
    // A new file has no changeset, as in the reference; neither have other files.
    expect((await versionDetail(id, 'v1')).changesets).toEqual({});
  });

  it('becomes a diff update with the computed changeset as its diff, so pulls keep using diffs', async () => {
    await changesetOf(id, 'v2', 'survey.gpkg');
    expect(await rawBytes(project, 'file=survey.gpkg&version=v2&diff=true')).toEqual(changeset);
    const info = await api.get<ProjectDetail>(`/v1/project/${project}?since=v1`);
    const survey = info.body.files.find((entry) => entry.path === 'survey.gpkg');
    const diffRef = {
      path: expect.stringMatching(/^survey\.gpkg-diff-[0-9a-f-]{36}$/),
      size: changeset.length,
      checksum: sha1(changeset),
    };
    // The file itself is the one pushed: its size and checksum are the client's.
    expect(survey).toMatchObject({ size: MODIFIED.length, checksum: sha1(MODIFIED), diff: diffRef });
    expect(survey?.history?.v2).toEqual({
      path: 'survey.gpkg',
      size: MODIFIED.length,
      checksum: sha1(MODIFIED),
      change: 'updated',
      diff: diffRef,
    });
    // The diff named in the history is the changeset served for that version.
    expect(survey?.history?.v2?.diff?.path).toBe(survey?.diff?.path);
    const list = await api.get<ProjectVersionsPage>(`/v1/project/versions/paginated/${project}`);
    expect(list.body.versions[0]?.changes).toEqual({ added: 0, updated: 0, updated_diff: 1, removed: 0 });
  });

  it('lists every changed row with column names, types and WKT geometry', async () => {
    await changesetOf(id, 'v2', 'survey.gpkg');
    const response = await detailList(project, 'v2', 'survey.gpkg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const rows = response.body as ChangesetDetail;
    expect(rows).toHaveLength(17);
    expect(rows.filter((row) => row.table === 'points').map((row) => row.type)).toEqual([
      'insert',
      'insert',
      'delete',
      'update',
      'update',
      'update',
      'update',
    ]);
    expect(rows).toContainEqual({
      table: 'points',
      type: 'update',
      changes: [
        { column: 0, name: 'fid', type: 'integer', old: 2 },
        {
          column: 1,
          name: 'geom',
          type: 'geometry',
          old: 'POINT(16.6112 49.2003)',
          new: 'POINT(16.6115 49.2007)',
        },
        { column: 4, name: 'count', type: 'integer', old: '9007199254740993', new: '9007199254740995' },
      ],
    });
    expect(rows).toContainEqual({
      table: 'lines',
      type: 'delete',
      changes: [
        { column: 0, name: 'fid', type: 'integer', old: 4 },
        {
          column: 1,
          name: 'geom',
          type: 'geometry',
          old: 'LINESTRING(1846000 6306000,1846100 6306050)',
        },
        { column: 2, name: 'name', type: 'text', old: 'Old track' },
        { column: 3, name: 'lanes', type: 'integer', old: null },
      ],
    });
    expect(rows).toContainEqual({
      table: 'visits',
      type: 'insert',
      changes: [
        { column: 0, name: 'site', type: 'text', new: 'pond' },
        { column: 1, name: 'day', type: 'date', new: '2021-06-03' },
        { column: 2, name: 'visitors', type: 'integer', new: 7 },
        { column: 3, name: 'note', type: 'text', new: 'first visit' },
      ],
    });
  });

  it('records why when the schema changed, and answers 422 for its detail', async () => {
    await push(api, project, { version: 'v2', updated: [{ path: 'survey.gpkg', content: ADDED_COLUMN }] });
    const computed = await changesetOf(id, 'v3', 'survey.gpkg');
    let reason = '';
    try {
      diff(file('modified.gpkg'), path.join(FIXTURES, 'added-column.gpkg'), file('schema.diff'));
    } catch (error) {
      reason = (error as { reason: string }).reason;
    }
    expect(reason).toContain('points');
    expect(computed).toEqual({ error: reason, size: 0 });
    expect(await detailList(project, 'v3', 'survey.gpkg')).toMatchObject({
      status: 422,
      body: { detail: CHANGESET_API_TEXTS.notCalculated(reason) },
    });
    const rawDiff = await raw(project, 'file=survey.gpkg&version=v3&diff=true');
    expect(rawDiff.status).toBe(404);
    expect(await rawDiff.json()).toMatchObject({ detail: FILE_TEXTS.noDiffInVersion('survey.gpkg') });
    // No changeset, no diff: the change stays a whole-file update, so a pull downloads the file.
    const info = await api.get<ProjectDetail>(`/v1/project/${project}?since=v2`);
    const survey = info.body.files.find((entry) => entry.path === 'survey.gpkg');
    expect(survey?.diff).toBeUndefined();
    expect(survey?.history?.v3).toEqual({
      path: 'survey.gpkg',
      size: ADDED_COLUMN.length,
      checksum: sha1(ADDED_COLUMN),
      change: 'updated',
    });
  });
});

describe('a plugin-style diff push', () => {
  let project: string;
  let id: string;
  let diffPath: string;
  let finished: ProjectDetail;
  beforeAll(async () => {
    ({ project, id } = await projectWithBase());
    const pushed = await pushDiff(api, project, {
      version: 'v1',
      path: 'survey.gpkg',
      base: BASE,
      changeset,
      fullSize: MODIFIED.length,
      chunkSize: 500,
    });
    expect(pushed.response.status).toBe(200);
    finished = pushed.response.body as ProjectDetail;
    diffPath = pushed.diffPath;
  });

  it('stores the changeset applied to v1: the rows of the modified file, under the server’s own checksum', async () => {
    const stored = await rawBytes(project, 'file=survey.gpkg&version=v2');
    writeFileSync(file('stored.gpkg'), stored);
    expect(gpkgRows(file('stored.gpkg'))).toEqual(gpkgRows(file('modified.gpkg')));
    const entry = finished.files.find((f) => f.path === 'survey.gpkg');
    expect(entry).toEqual({
      path: 'survey.gpkg',
      size: stored.length,
      checksum: sha1(stored),
      mtime: expect.any(String),
      diff: { path: diffPath, size: changeset.length, checksum: sha1(changeset) },
    });
    expect(finished.version).toBe('v2');
  });

  it('refuses a later push that names a diff already stored (the name is the diff’s id)', async () => {
    const current = finished.files.find((f) => f.path === 'survey.gpkg');
    const entry = (diffName: string) => ({
      path: 'survey.gpkg',
      checksum: current?.checksum,
      size: current?.size,
      chunks: [randomUUID()],
      diff: { path: diffName, checksum: sha1(changeset), size: changeset.length },
    });
    const reused = await api.post(`/v1/project/push/${project}`, {
      version: 'v2',
      changes: { added: [], updated: [entry(diffPath)], removed: [] },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ detail: `File ${diffPath} has been already uploaded` });
  });

  it('serves exactly the uploaded changeset with ?diff=true and carries it in the history', async () => {
    expect(await rawBytes(project, 'file=survey.gpkg&version=v2&diff=true')).toEqual(changeset);
    const info = await api.get<ProjectDetail>(`/v1/project/${project}?since=v1`);
    const survey = info.body.files.find((f) => f.path === 'survey.gpkg');
    const diffRef = { path: diffPath, size: changeset.length, checksum: sha1(changeset) };
    expect(survey?.history).toEqual({
      v2: {
        path: 'survey.gpkg',
        size: survey?.size,
        checksum: survey?.checksum,
        change: 'updated',
        diff: diffRef,
      },
      v1: { path: 'survey.gpkg', size: BASE.length, checksum: sha1(BASE), change: 'added' },
    });
    expect((info.body.files.find((f) => f.path === 'notes.txt') ?? {}).history).toEqual({});
    const history = await api.get<{ history: Record<string, { diff?: unknown }> }>(
      `/v1/resource/history/${project}?path=survey.gpkg`,
    );
    expect(history.body.history.v2?.diff).toEqual(diffRef);
  });

  it('has its summary at once, counts as updated_diff, and lists its rows', async () => {
    expect((await versionDetail(id, 'v2')).changesets).toEqual({
      'survey.gpkg': { summary: EXPECTED_SUMMARY, size: changeset.length },
    });
    const list = await api.get<ProjectVersionsPage>(`/v1/project/versions/paginated/${project}`);
    expect(list.body.versions[0]?.changes).toEqual({ added: 0, updated: 0, updated_diff: 1, removed: 0 });
    const rows = await detailList(project, 'v2', 'survey.gpkg');
    expect(rows.status).toBe(200);
    expect(rows.body).toHaveLength(17);
  });
});

describe('a changeset that does not apply', () => {
  /** Rows and files that must not move when a push is refused. */
  async function snapshot(project: string) {
    const info = (await api.get<ProjectDetail>(`/v1/project/${project}`)).body;
    const [blobRows] = await server.database.db.select({ n: count() }).from(blobs);
    const locks = await server.database.db.select().from(uploads).where(eq(uploads.projectId, info.id));
    const blobTemp = path.join(server.dataDir, 'blobs', 'tmp');
    return {
      version: info.version,
      files: info.files,
      blobRows: blobRows?.n,
      locks: locks.length,
      temp: readdirSync(blobTemp),
    };
  }

  it('answers 422 with the reason for garbage, and leaves the project exactly as it was', async () => {
    const { project } = await projectWithBase();
    const before = await snapshot(project);
    const garbage = Buffer.from('this is not a changeset at all, just bytes');
    writeFileSync(file('garbage.diff'), garbage);
    let reason = '';
    try {
      apply(file('base.gpkg'), file('garbage.diff'), file('never.gpkg'));
    } catch (error) {
      reason = (error as { reason: string }).reason;
    }
    expect(reason).not.toBe('');
    const { response } = await pushDiff(api, project, {
      version: 'v1',
      path: 'survey.gpkg',
      base: BASE,
      changeset: garbage,
      fullSize: MODIFIED.length,
    });
    expect(response).toMatchObject({
      status: 422,
      body: { detail: PUSH_TEXTS.diffFailed([{ path: 'survey.gpkg', reason }]) },
    });
    expect(response.body).toMatchObject({
      detail: `Failed to create new version: survey.gpkg error=sync error: ${reason}`,
    });
    expect(await snapshot(project)).toEqual(before);
  });

  it('answers 422 when rows to change do not match, and the project stays free for the next push', async () => {
    const { project } = await projectWithBase();
    const first = await pushDiff(api, project, {
      version: 'v1',
      path: 'survey.gpkg',
      base: BASE,
      changeset,
      fullSize: MODIFIED.length,
    });
    expect(first.response.status).toBe(200);
    const before = await snapshot(project);
    // The same changeset again: the rows it updates and deletes are not as it expects any more.
    const stored = await rawBytes(project, 'file=survey.gpkg&version=v2');
    const again = await pushDiff(api, project, {
      version: 'v2',
      path: 'survey.gpkg',
      base: stored,
      changeset,
      fullSize: MODIFIED.length,
    });
    expect(again.response.status).toBe(422);
    expect((again.response.body as { detail: string }).detail).toMatch(
      /^Failed to create new version: survey\.gpkg error=sync error: \S/,
    );
    expect(await snapshot(project)).toEqual(before);
    expect(summarize(file('base-to-modified.diff'))).toEqual(EXPECTED_SUMMARY);
    await push(api, project, { version: 'v2', updated: [{ path: 'notes.txt', content: 'later notes' }] });
    expect((await api.get<ProjectDetail>(`/v1/project/${project}`)).body.version).toBe('v3');
  });
});

describe('the texts of the changeset reads', () => {
  let project: string;
  let id: string;
  beforeAll(async () => {
    ({ project, id } = await projectWithBase());
    await pushDiff(api, project, {
      version: 'v1',
      path: 'survey.gpkg',
      base: BASE,
      changeset,
      fullSize: MODIFIED.length,
    });
  });

  it.each([
    [
      'an unknown version',
      'v9',
      'survey.gpkg',
      404,
      (p: string) => CHANGESET_API_TEXTS.versionNotFound('v9', ...split(p)),
    ],
    [
      'a version that is no name',
      'latest',
      'survey.gpkg',
      404,
      (p: string) => CHANGESET_API_TEXTS.versionNotFound('latest', ...split(p)),
    ],
    [
      'a file the version did not change',
      'v2',
      'notes.txt',
      404,
      () => CHANGESET_API_TEXTS.fileNotFound('notes.txt'),
    ],
    ['a file never there', 'v2', 'nothing.gpkg', 404, () => CHANGESET_API_TEXTS.fileNotFound('nothing.gpkg')],
    ['a new file (no changeset)', 'v1', 'survey.gpkg', 404, () => CHANGESET_API_TEXTS.diffNotFound],
    ['a file that is no GeoPackage', 'v1', 'notes.txt', 404, () => CHANGESET_API_TEXTS.diffNotFound],
  ])('changesets of %s: %s', async (_case, version, filePath, status, text) => {
    expect(await detailList(project, version, filePath)).toMatchObject({
      status,
      body: { detail: text(project) },
    });
  });

  it('changesets without ?path= answer 400', async () => {
    const response = await api.get<{ detail: string }>(`/v1/resource/changesets/${project}/v2`);
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('path');
  });

  it('raw ?diff=true answers the reference texts', async () => {
    const cases: Array<[string, number, string]> = [
      ['file=survey.gpkg&diff=true', 400, FILE_TEXTS.diffNeedsVersion],
      ['file=notes.txt&version=v2&diff=true', 404, FILE_TEXTS.noDiffInFile('notes.txt')],
      ['file=survey.gpkg&version=v1&diff=true', 404, FILE_TEXTS.noDiffInVersion('survey.gpkg')],
      ['file=gone.gpkg&version=v2&diff=true', 404, FILE_TEXTS.fileNotFound('gone.gpkg')],
    ];
    for (const [query, status, detail] of cases) {
      const response = await raw(project, query);
      expect({ query, status: response.status, body: await response.json() }).toMatchObject({
        query,
        status,
        body: { detail },
      });
    }
    const diffResponse = await raw(project, 'file=survey.gpkg&version=v2&diff=true');
    expect(diffResponse.headers.get('content-disposition')).toContain('survey.gpkg-diff-');
  });

  it('follows the read rules of the files: strangers and visitors get 403', async () => {
    const stranger = new HttpClient(server.url);
    await stranger.login('stranger', TEST_PASSWORD);
    expect((await stranger.get(`/v1/resource/changesets/${project}/v2?path=survey.gpkg`)).status).toBe(403);
    const visitor = new HttpClient(server.url);
    expect((await visitor.get(`/v1/resource/changesets/${project}/v2?path=survey.gpkg`)).status).toBe(403);
    expect((await visitor.get(`/v1/project/version/${id}/v2`)).status).toBe(403);
  });
});

/** 'gina/survey-3' → ['gina', 'survey-3']. */
function split(project: string): [string, string] {
  const [namespace = '', name = ''] = project.split('/');
  return [namespace, name];
}
