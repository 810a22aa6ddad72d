import { FILE_TEXTS } from '@waymark/contract';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push, sha1 } from './push-helper.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';
import { unzip } from './zip-entries.ts';

type File = {
  path: string;
  size: number;
  checksum: string;
  mtime: string;
  history?: Record<string, unknown>;
};
type Project = {
  id: string;
  version: string;
  disk_usage: number;
  tags: string[];
  updated: string;
  files: File[];
};

let server: TestServer;
let owner: HttpClient;
let anonymous: HttpClient;
let projectId: string;

const P = 'otto/fieldwork';
const v1Photo = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
const v3Photo = Buffer.from('a new photo');

async function raw(query: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${server.url}/v1/project/raw/${P}?${query}`, {
    method,
    headers: { cookie: `session=${owner.cookie('session')}`, ...headers },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  // A clock that never moves: what the caches keep (the caller, their two-factor rule) stays kept for the whole
  // file, so the statement counts below do not depend on how slowly the machine runs them (CACHE_SECONDS).
  server = await startTestServer({}, { clock: manualClock() });
  await server.createUser({ username: 'otto' });
  projectId = (await server.createProject('otto', 'otto', 'fieldwork')).id;
  owner = new HttpClient(server.url);
  await owner.login('otto', TEST_PASSWORD);
  anonymous = new HttpClient(server.url);
  // v1: three files; v2: the GeoPackage changes; v3: a photo replaced, notes removed, a second gpkg added.
  await push(owner, P, {
    version: 'v0',
    added: [
      { path: 'survey.gpkg', content: 'SQLite format 3 v1' },
      { path: 'photos/a.jpg', content: v1Photo },
      { path: 'notes.txt', content: 'first notes' },
    ],
    chunkSize: 1024,
  });
  await push(owner, P, { version: 'v1', updated: [{ path: 'survey.gpkg', content: 'SQLite format 3 v2!' }] });
  await push(owner, P, {
    version: 'v2',
    updated: [{ path: 'photos/a.jpg', content: v3Photo }],
    added: [{ path: 'extra.sqlite', content: 'SQLite extra' }],
  });
  await owner.post(`/v1/project/push/${P}`, {
    version: 'v3',
    changes: { removed: [{ path: 'notes.txt', checksum: sha1('first notes'), size: 11 }] },
  });
});
afterAll(() => server.close());

describe('GET /v1/project/{ns}/{name}', () => {
  it('lists the latest files', async () => {
    const { body } = await owner.get<Project>(`/v1/project/${P}`);
    expect(body.version).toBe('v4');
    expect(body.files.map((f) => [f.path, f.size, f.checksum])).toEqual([
      ['extra.sqlite', 12, sha1('SQLite extra')],
      ['photos/a.jpg', v3Photo.length, sha1(v3Photo)],
      ['survey.gpkg', 19, sha1('SQLite format 3 v2!')],
    ]);
    expect(body.files[0]).not.toHaveProperty('history');
  });

  it('?version=vN answers the project as it was', async () => {
    const { status, body } = await owner.get<Project>(`/v1/project/${P}?version=v1`);
    expect(status).toBe(200);
    expect(body.version).toBe('v1');
    expect(body.files.map((f) => [f.path, f.checksum])).toEqual([
      ['notes.txt', sha1('first notes')],
      ['photos/a.jpg', sha1(v1Photo)],
      ['survey.gpkg', sha1('SQLite format 3 v1')],
    ]);
    expect(body.disk_usage).toBe(18 + 3000 + 11);
    const v0 = await owner.get<Project>(`/v1/project/${P}?version=v0`);
    expect(v0.body).toMatchObject({ version: 'v0', files: [], disk_usage: 0 });
  });

  it('?since=vN gives GeoPackages their history since then, newest first, others {}', async () => {
    const { body } = await owner.get<Project>(`/v1/project/${P}?since=v1`);
    const byPath = Object.fromEntries(body.files.map((f) => [f.path, f.history]));
    expect(byPath['photos/a.jpg']).toEqual({});
    expect(Object.keys(byPath['survey.gpkg'] ?? {})).toEqual(['v2', 'v1']);
    expect(byPath['survey.gpkg']).toEqual({
      v2: { path: 'survey.gpkg', size: 19, checksum: sha1('SQLite format 3 v2!'), change: 'updated' },
      v1: { path: 'survey.gpkg', size: 18, checksum: sha1('SQLite format 3 v1'), change: 'added' },
    });
    const later = await owner.get<Project>(`/v1/project/${P}?since=v3`);
    expect(later.body.files.find((f) => f.path === 'survey.gpkg')?.history).toEqual({});
    expect(later.body.files.find((f) => f.path === 'extra.sqlite')?.history).toEqual({
      v3: { path: 'extra.sqlite', size: 12, checksum: sha1('SQLite extra'), change: 'added' },
    });
  });

  it('refuses both parameters, bad and unknown versions', async () => {
    expect(await owner.get(`/v1/project/${P}?since=v1&version=v2`)).toMatchObject({
      status: 400,
      body: { detail: FILE_TEXTS.sinceAndVersion },
    });
    expect(await owner.get(`/v1/project/${P}?version=v9`)).toMatchObject({
      status: 404,
      body: { detail: FILE_TEXTS.versionNotFound },
    });
    expect((await owner.get(`/v1/project/${P}?version=latest`)).status).toBe(400);
  });
});

describe('versions', () => {
  it('pages through versions, newest first by default, without v0', async () => {
    const { body } = await owner.get<{ versions: Array<Record<string, unknown>>; count: number }>(
      `/v1/project/versions/paginated/${P}?page=1&per_page=2`,
    );
    expect(body.count).toBe(4);
    expect(body.versions.map((v) => v.name)).toEqual(['v4', 'v3']);
    expect(body.versions[0]).toMatchObject({
      author: 'otto',
      project_name: 'fieldwork',
      namespace: 'otto',
      project_size: 12 + v3Photo.length + 19,
      changes: { added: 0, updated: 0, updated_diff: 0, removed: 1 },
    });
    expect(body.versions[1]?.changes).toEqual({ added: 1, updated: 1, updated_diff: 0, removed: 0 });
    const oldest = await owner.get<{ versions: Array<{ name: string }> }>(
      `/v1/project/versions/paginated/${P}?page=2&per_page=3&descending=false`,
    );
    expect(oldest.body.versions.map((v) => v.name)).toEqual(['v4']);
  });

  it('details one version with its changed files', async () => {
    const { status, body } = await owner.get<Record<string, unknown>>(`/v1/project/version/${projectId}/v3`, {
      'User-Agent': 'ignored',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'v3',
      author: 'otto',
      project_name: 'fieldwork',
      namespace: 'otto',
      changesets: {},
      changes: {
        added: [{ path: 'extra.sqlite', size: 12, checksum: sha1('SQLite extra'), change: 'added' }],
        updated: [{ path: 'photos/a.jpg', size: v3Photo.length, change: 'updated' }],
        removed: [],
      },
    });
    expect((await owner.get(`/v1/project/version/${projectId}/v9`)).status).toBe(404);
    expect((await owner.get(`/v1/project/version/not-a-uuid/v1`)).status).toBe(404);
    expect((await anonymous.get(`/v1/project/version/${projectId}/v1`)).status).toBe(403);
  });

  it('answers the history of one file', async () => {
    const { body } = await owner.get<{ path: string; history: Record<string, { change: string }> }>(
      `/v1/resource/history/${P}?path=photos/a.jpg`,
    );
    expect(body).toMatchObject({ path: 'photos/a.jpg', size: v3Photo.length, checksum: sha1(v3Photo) });
    expect(Object.entries(body.history).map(([v, h]) => [v, h.change])).toEqual([
      ['v3', 'updated'],
      ['v1', 'added'],
    ]);
    const removed = await owner.get<{ checksum: string; history: Record<string, { change: string }> }>(
      `/v1/resource/history/${P}?path=notes.txt`,
    );
    expect(Object.entries(removed.body.history).map(([v, h]) => [v, h.change])).toEqual([['v4', 'removed']]);
    expect(removed.body.checksum).toBe(sha1('first notes'));
    expect(await owner.get(`/v1/resource/history/${P}?path=nope.txt`)).toMatchObject({
      status: 404,
      body: { detail: FILE_TEXTS.fileNotFound('nope.txt') },
    });
  });
});

describe('GET /v1/project/raw/{ns}/{name}', () => {
  it('answers the latest bytes with type and disposition', async () => {
    const response = await raw('file=photos/a.jpg');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(v3Photo);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="a.jpg"; filename*=UTF-8''a.jpg`,
    );
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers any version', async () => {
    expect((await raw('file=photos/a.jpg&version=v1')).body).toEqual(v1Photo);
    expect((await raw('file=photos/a.jpg&version=v2')).body).toEqual(v1Photo);
    expect((await raw('file=notes.txt&version=v3')).body.toString()).toBe('first notes');
    expect((await raw('file=survey.gpkg&version=v1&diff=false')).body.toString()).toBe('SQLite format 3 v1');
  });

  it('honours byte ranges as the Python client asks for them', async () => {
    const first = await raw('file=photos/a.jpg&version=v1', { Range: 'bytes=0-1023' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-1023/3000');
    expect(first.body).toEqual(v1Photo.subarray(0, 1024));
    const beyond = await raw('file=photos/a.jpg&version=v1', { Range: 'bytes=2048-1000000' });
    expect(beyond.status).toBe(206);
    expect(beyond.body).toEqual(v1Photo.subarray(2048));
    const suffix = await raw('file=photos/a.jpg&version=v1', { Range: 'bytes=-100' });
    expect(suffix.body).toEqual(v1Photo.subarray(2900));
    const unsatisfiable = await raw('file=photos/a.jpg&version=v1', { Range: 'bytes=3000-' });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */3000');
    const ignored = await raw('file=photos/a.jpg&version=v1', { Range: 'bytes=0-1,5-9' });
    expect(ignored.status).toBe(200);
  });

  it('names the bytes by their SHA-256 and their version time, and answers 304 to a copy that is still current', async () => {
    const whole = await raw('file=photos/a.jpg&version=v1');
    const etag = `"${createHash('sha256').update(v1Photo).digest('hex')}"`;
    expect(whole.headers.get('etag')).toBe(etag);
    expect(whole.headers.get('cache-control')).toBe('private, no-cache');
    const lastModified = whole.headers.get('last-modified') ?? '';
    expect(Date.now() - Date.parse(lastModified)).toBeLessThan(10 * 60_000);
    // v2 did not change the photo: the same bytes, the same validators.
    expect((await raw('file=photos/a.jpg&version=v2')).headers.get('etag')).toBe(etag);

    // As a browser revalidates its cached copy (fetch() given a validator would add `Cache-Control: no-cache`,
    // a reload past every cache, which is answered in full).
    const revalidate = { 'Cache-Control': 'max-age=0' };
    const revalidated = await raw('file=photos/a.jpg&version=v1', { ...revalidate, 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.get('etag')).toBe(etag);
    const since = await raw('file=photos/a.jpg&version=v1', {
      ...revalidate,
      'If-Modified-Since': lastModified,
    });
    expect(since.status).toBe(304);
    // The latest photo is other bytes: the old copy is stale.
    const changed = await raw('file=photos/a.jpg', { ...revalidate, 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(v3Photo);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect(
      (await raw('file=photos/a.jpg&version=v1', { ...revalidate, 'If-Modified-Since': older })).status,
    ).toBe(200);
    const reload = await raw('file=photos/a.jpg&version=v1', { 'If-None-Match': etag });
    expect(reload.status).toBe(200);
  });

  it('answers a range only while If-Range still names the bytes', async () => {
    const { headers } = await raw('file=photos/a.jpg&version=v1');
    const etag = headers.get('etag') ?? '';
    const lastModified = headers.get('last-modified') ?? '';
    for (const validator of [etag, lastModified]) {
      const ranged = await raw('file=photos/a.jpg&version=v1', {
        Range: 'bytes=10-19',
        'If-Range': validator,
      });
      expect(ranged.status).toBe(206);
      expect(ranged.body).toEqual(v1Photo.subarray(10, 20));
    }
    for (const stale of ['"0000"', 'Thu, 01 Jan 2015 00:00:00 GMT']) {
      const whole = await raw('file=photos/a.jpg&version=v1', { Range: 'bytes=10-19', 'If-Range': stale });
      expect(whole.status).toBe(200);
      expect(whole.body).toEqual(v1Photo);
    }
  });

  it('answers HEAD with the headers of GET and no bytes', async () => {
    const head = await raw('file=photos/a.jpg&version=v1', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('3000');
    expect(head.headers.get('content-type')).toBe('image/jpeg');
    expect(head.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(head.body.length).toBe(0);
    const ranged = await raw('file=photos/a.jpg&version=v1', { Range: 'bytes=0-99' }, 'HEAD');
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-length')).toBe('100');
    expect((await raw('file=missing.txt', {}, 'HEAD')).status).toBe(404);
  });

  it('answers the reference 404 and 400 texts', async () => {
    const cases: Array<[string, number, string]> = [
      ['file=notes.txt', 404, FILE_TEXTS.fileNotFound('notes.txt')],
      ['file=missing.txt&version=v2', 404, FILE_TEXTS.fileNotFound('missing.txt')],
      ['file=extra.sqlite&version=v2', 404, FILE_TEXTS.fileNotFound('extra.sqlite')],
      ['file=photos/a.jpg&diff=true', 404, FILE_TEXTS.noDiffInFile('photos/a.jpg')],
      ['file=survey.gpkg&diff=true', 400, FILE_TEXTS.diffNeedsVersion],
      ['file=survey.gpkg&version=v2&diff=true', 404, FILE_TEXTS.noDiffInVersion('survey.gpkg')],
    ];
    for (const [query, status, detail] of cases) {
      const response = await raw(query);
      expect({ query, status: response.status, body: JSON.parse(response.body.toString()) }).toMatchObject({
        query,
        status,
        body: { detail },
      });
    }
    expect((await raw('version=v1')).status).toBe(400);
  });

  it('keeps private projects private', async () => {
    const response = await fetch(`${server.url}/v1/project/raw/${P}?file=photos/a.jpg`);
    expect(response.status).toBe(403);
  });

  it('sends two queries: the caller, then the project with their roles and the file change', async () => {
    // The caller's two-factor rule is kept between their requests (CACHE_SECONDS; this file's clock stands still).
    expect((await raw('file=photos/a.jpg')).status).toBe(200);
    for (const query of ['file=photos/a.jpg', 'file=photos/a.jpg&version=v1', 'file=notes.txt']) {
      const { result, queries } = await server.countQueries(() => raw(query));
      expect({ query, status: result.status, queries }).toEqual({
        query,
        status: query === 'file=notes.txt' ? 404 : 200,
        queries: 2,
      });
    }
  });
});

describe('whole files of any size', () => {
  it('answers an empty file and one larger than the read buffer, raw and zipped, byte for byte', async () => {
    await server.createProject('otto', 'otto', 'sizes');
    const big = Buffer.alloc(2 * 1024 * 1024 + 3);
    for (let i = 0; i < big.length; i += 1) big[i] = (i * 7919) & 0xff;
    await push(owner, 'otto/sizes', {
      version: 'v0',
      added: [
        { path: 'empty.txt', content: '' },
        { path: 'big.bin', content: big },
      ],
    });
    const get = async (url: string) => {
      const response = await fetch(`${server.url}${url}`, {
        headers: { cookie: `session=${owner.cookie('session')}` },
      });
      expect(response.status).toBe(200);
      return {
        length: response.headers.get('content-length'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    expect(await get('/v1/project/raw/otto/sizes?file=empty.txt')).toEqual({
      length: '0',
      body: Buffer.alloc(0),
    });
    const raw = await get('/v1/project/raw/otto/sizes?file=big.bin');
    expect(raw.length).toBe(String(big.length));
    expect(raw.body.equals(big)).toBe(true);
    const zipped = await unzip((await get('/v1/project/download/otto/sizes?format=zip')).body);
    expect(zipped['empty.txt']?.length).toBe(0);
    expect(zipped['big.bin']?.equals(big)).toBe(true);
  });
});

describe('zip download per version', () => {
  it('holds the real files of each version', async () => {
    const zipOf = async (version: string) => {
      const response = await fetch(`${server.url}/v1/project/download/${P}?format=zip&version=${version}`, {
        headers: { cookie: `session=${owner.cookie('session')}` },
      });
      expect(response.status).toBe(200);
      return unzip(Buffer.from(await response.arrayBuffer()));
    };
    const v1 = await zipOf('v1');
    expect(Object.keys(v1).sort()).toEqual(['notes.txt', 'photos/a.jpg', 'survey.gpkg']);
    expect(v1['photos/a.jpg']).toEqual(v1Photo);
    const v4 = await zipOf('v4');
    expect(Object.keys(v4).sort()).toEqual(['extra.sqlite', 'photos/a.jpg', 'survey.gpkg']);
    expect(v4['photos/a.jpg']).toEqual(v3Photo);
    expect(v4['survey.gpkg']?.toString()).toBe('SQLite format 3 v2!');
  });
});
