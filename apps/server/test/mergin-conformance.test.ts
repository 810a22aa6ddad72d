import { ERROR_TEXTS, PASSWORD_API_TEXTS, PUSH_TEXTS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type HttpResponse } from './http-client.ts';
import { push, sha1, startPush, uploadChunk } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The Mergin API's wire format, route by route, as the reference server (MerginMaps/server) writes it and the
 * `mergin` client reads it: status, exact `Content-Type` of errors (the client parses an error body only when
 * it is exactly `application/json` or `application/problem+json`), body keys, and each timestamp's shape.
 */

/** `DateTimeWithZ` of the reference's schemas. */
const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
/** A naive datetime through connexion's JSON encoder. */
const MICROS_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
/** An aware datetime through the same encoder. */
const MICROS_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;

type Body = Record<string, unknown>;

/** An error of the Mergin API: a problem, exactly, with the reference's title and the given fields. */
function expectProblem(response: HttpResponse, status: number, title: string, fields: Body = {}): void {
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
    status,
    type: 'application/problem+json',
  });
  expect(response.body).toEqual({
    ...fields,
    detail: fields.detail ?? expect.any(String),
    status,
    title,
    type: 'about:blank',
  });
}

function expectJson(response: HttpResponse, status = 200): Body {
  expect({ status: response.status, body: response.body }).toMatchObject({ status });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.body as Body;
}

let server: TestServer;
let api: HttpClient;
let other: HttpClient;
let projectId: string;
const PROJECT = 'mira/survey';

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'mira' });
  await server.createUser({ username: 'root', isAdmin: true });
  await server.createUser({ username: 'otto' });
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'mira',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
  other = new HttpClient(server.url);
  const otherLogin = await other.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'otto',
    password: TEST_PASSWORD,
  });
  other.bearer = otherLogin.body.session.token;
  expect((await api.post('/v1/project/mira', { name: 'survey' })).status).toBe(200);
  await push(api, PROJECT, {
    version: 'v0',
    added: [
      { path: 'notes.txt', content: 'notes' },
      { path: 'photo.jpg', content: 'jpeg bytes' },
    ],
  });
  projectId = ((await api.get<Body>(`/v1/project/${PROJECT}`)).body.id as string) ?? '';
});
afterAll(() => server.close());

describe('sign-in and users', () => {
  it('POST /v1/auth/login: profile with registration_date in microseconds and Z, session expire in +00:00', async () => {
    const body = expectJson(
      await new HttpClient(server.url).post('/v1/auth/login', { login: 'mira', password: TEST_PASSWORD }),
    );
    expect(body).toMatchObject({ username: 'mira', email: 'mira@example.com', id: expect.any(Number) });
    expect(body.registration_date).toMatch(MICROS_Z);
    expect(body.session).toEqual({ token: expect.any(String), expire: expect.stringMatching(MICROS_OFFSET) });
  });

  it('POST /v1/auth/login: wrong password 401, missing field 400, as problems', async () => {
    const client = new HttpClient(server.url);
    expectProblem(
      await client.post('/v1/auth/login', { login: 'mira', password: 'nope' }),
      401,
      'Unauthorized',
      {
        detail: ERROR_TEXTS.invalidCredentials,
      },
    );
    expectProblem(await client.post('/v1/auth/login', { login: 'mira' }), 400, 'Bad Request');
  });

  it('GET /v1/user/profile: registration_date DateTimeWithZ, last_signed_in in microseconds and Z; 401 problem', async () => {
    const body = expectJson(await api.get('/v1/user/profile'));
    expect(body.registration_date).toMatch(SECONDS);
    expect(body.last_signed_in).toMatch(MICROS_Z);
    expect(body).toMatchObject({ username: 'mira', workspaces: expect.any(Array) });
    expectProblem(await new HttpClient(server.url).get('/v1/user/profile'), 401, 'Unauthorized', {
      detail: ERROR_TEXTS.authRequired,
    });
  });

  it("POST /v2/users: the reference's password texts, under the field and as the detail", async () => {
    const root = new HttpClient(server.url);
    const login = await root.post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'root',
      password: TEST_PASSWORD,
    });
    root.bearer = login.body.session.token;
    const workspace = (await root.get<Array<{ id: number; name: string }>>('/v1/workspaces')).body.find(
      (w) => w.name === 'root',
    );
    const attempt = (password: string) =>
      root.post('/v2/users', {
        email: `p${password.length}@example.com`,
        password,
        workspace_id: workspace?.id,
        role: 'reader',
      });
    expectProblem(await attempt('Ab1!'), 400, 'Bad Request', {
      detail: PASSWORD_API_TEXTS.tooShort,
      password: ['Passwords must be at least 8 characters long.'],
    });
    expectProblem(await attempt('alllowercase'), 400, 'Bad Request', {
      detail: 'Password is not strong enough',
      password: ['Password is not strong enough'],
    });
    const created = expectJson(await attempt('Good-pass-123'), 201);
    expect(created.registration_date).toMatch(SECONDS);
    // The admin panel's user: the reference's naive times, sent with microseconds and Z.
    const admin = await root.get<Body>('/app/admin/user/mira');
    expect(expectJson(admin)).toMatchObject({
      registration_date: expect.stringMatching(MICROS_Z),
      last_signed_in: expect.stringMatching(MICROS_Z),
    });
  });
});

describe('projects (v1)', () => {
  it('POST /v1/project/{ns}: 409 and 404 and 400 as problems', async () => {
    expectProblem(await api.post('/v1/project/mira', { name: 'survey' }), 409, 'Conflict', {
      detail: 'Project with the same name already exists',
    });
    expectProblem(await api.post('/v1/project/nobody-here', { name: 'x' }), 404, 'Not Found', {
      detail: 'Workspace does not exist',
    });
    expectProblem(await api.post('/v1/project/mira', { name: '   ' }), 400, 'Bad Request', {
      detail: 'Project name cannot be empty',
    });
  });

  it('GET /v1/project/{ns}/{name}: created, updated and files mtime in DateTimeWithZ; a missing project is the reference 404', async () => {
    const body = expectJson(await api.get(`/v1/project/${PROJECT}`));
    expect(body).toMatchObject({
      name: 'survey',
      namespace: 'mira',
      version: 'v1',
      access: expect.any(Object),
    });
    expect(body.created).toMatch(SECONDS);
    expect(body.updated).toMatch(SECONDS);
    for (const file of body.files as Body[]) expect(file.mtime).toMatch(SECONDS);
    const atVersion = expectJson(await api.get(`/v1/project/${PROJECT}?version=v1`));
    expect(atVersion.created).toMatch(SECONDS);
    expect(atVersion.updated).toMatch(SECONDS);
    const since = expectJson(await api.get(`/v1/project/${PROJECT}?since=v0`));
    expect(since.updated).toMatch(SECONDS);
    expectProblem(await api.get('/v1/project/mira/nothing'), 404, 'Not Found', {
      detail: ERROR_TEXTS.urlNotFound,
    });
    expectProblem(await other.get(`/v1/project/${PROJECT}`), 403, 'Forbidden');
  });

  it('GET /v1/project/paginated and POST /v1/project/by_names: created DateTimeWithZ, updated in microseconds and Z', async () => {
    const list = expectJson(await api.get('/v1/project/paginated?page=1&per_page=10'));
    const [item] = list.projects as Body[];
    expect(item?.created).toMatch(SECONDS);
    expect(item?.updated).toMatch(MICROS_Z);
    const byNames = expectJson(await api.post('/v1/project/by_names', { projects: [PROJECT, 'mira/none'] }));
    expect((byNames[PROJECT] as Body).created).toMatch(SECONDS);
    expect((byNames[PROJECT] as Body).updated).toMatch(MICROS_Z);
    expect(byNames['mira/none']).toEqual({ error: 404 });
    expect(expectJson(await api.get(`/v1/project/by_uuid/${projectId}`)).created).toMatch(SECONDS);
    expectProblem(await api.get('/v1/project/paginated?page=0&per_page=10'), 400, 'Bad Request');
  });

  it('versions: list and detail with created and file mtimes in DateTimeWithZ', async () => {
    const page = expectJson(await api.get(`/v1/project/versions/paginated/${PROJECT}?page=1&per_page=10`));
    for (const version of page.versions as Body[]) expect(version.created).toMatch(SECONDS);
    const detail = expectJson(await api.get(`/v1/project/version/${projectId}/v1`));
    expect(detail.created).toMatch(SECONDS);
    for (const change of (detail.changes as { added: Body[] }).added) expect(change.mtime).toMatch(SECONDS);
    expectProblem(await api.get(`/v1/project/version/${projectId}/v9`), 404, 'Not Found');
  });

  it('GET /v1/project/raw: an empty version is the latest; missing files and bad ranges are problems', async () => {
    const latest = await api.get(`/v1/project/raw/${PROJECT}?file=notes.txt&version=`);
    expect({ status: latest.status, body: latest.body }).toEqual({ status: 200, body: 'notes' });
    expect((await api.get(`/v1/project/raw/${PROJECT}?file=notes.txt&version=v1`)).body).toBe('notes');
    expectProblem(await api.get(`/v1/project/raw/${PROJECT}?file=none.txt`), 404, 'Not Found', {
      detail: 'File none.txt not found',
    });
    expectProblem(await api.get(`/v1/project/raw/${PROJECT}?file=notes.txt&version=x1`), 400, 'Bad Request');
    const range = await api.get(`/v1/project/raw/${PROJECT}?file=notes.txt`, { Range: 'bytes=100-200' });
    expectProblem(range, 416, 'Requested Range Not Satisfiable');
    expectProblem(await api.get('/v1/project/raw/mira/nothing?file=notes.txt'), 404, 'Not Found', {
      detail: ERROR_TEXTS.urlNotFound,
    });
  });

  it('GET /v1/project/download: a zip, or the reference 404', async () => {
    const zip = await fetch(`${server.url}/v1/project/download/${PROJECT}`, {
      headers: { Authorization: `Bearer ${api.bearer}` },
    });
    expect({ status: zip.status, type: zip.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'application/zip',
    });
    await zip.arrayBuffer();
    expectProblem(await api.get('/v1/project/download/mira/nothing'), 404, 'Not Found', {
      detail: ERROR_TEXTS.urlNotFound,
    });
  });
});

describe('zips prepared as a job and the usage report (the private API)', () => {
  it('POST/GET /app/projects/{id}/download: 201 with Location, 202 with progress, 204, then the zip; problems', async () => {
    const base = `/app/projects/${projectId}/download`;
    const started = await api.post(`${base}?version=v1`, { files: ['notes.txt'] });
    expect(expectJson(started, 201)).toEqual({
      detail: 'Project zip creation started',
      total_bytes: 5,
      done_bytes: 0,
    });
    const location = started.headers.get('location') ?? '';
    expect(location).toMatch(/^\/app\/projects\/[0-9a-f-]{36}\/download\?version=v1&selection=[0-9a-f]{64}$/);
    const waiting = await api.get(location);
    expect(Object.keys(expectJson(waiting, 202)).sort()).toEqual(['detail', 'done_bytes', 'total_bytes']);
    const again = await api.post(`${base}?version=v1`, { files: ['notes.txt'] });
    expect({ status: again.status, body: again.body }).toEqual({ status: 204, body: '' });
    const archive = (
      await server.repos.archives.find({ projectId, version: 1, selection: location.slice(-64) })
    )?.id;
    await server.context.archives.prepare({ archiveId: archive });
    const zip = await fetch(`${server.url}${location}`, {
      headers: { Authorization: `Bearer ${api.bearer}` },
    });
    expect({ status: zip.status, type: zip.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'application/zip',
    });
    await zip.arrayBuffer();
    expectProblem(await api.post(base, { files: ['none.txt'] }), 400, 'Bad Request', {
      detail: 'File none.txt not found in version v1',
    });
    expectProblem(await api.get(`${base}?version=v99`), 404, 'Not Found', {
      detail: 'Project version does not exist',
    });
    expectProblem(await other.post(base), 403, 'Forbidden');
  });

  it('GET /app/admin/report: text/csv with the reference header; 400 and 403 as problems', async () => {
    const root = new HttpClient(server.url);
    await root.login('root', TEST_PASSWORD);
    const csv = await root.get<string>('/app/admin/report?date_from=2021-01-01&date_to=2021-01-02');
    expect({ status: csv.status, type: csv.headers.get('content-type'), body: csv.body }).toEqual({
      status: 200,
      type: 'text/csv; charset=utf-8',
      body: 'service_uuid,url,contact_email,licence,projects_count,users_count,workspaces_count,last_change,server_version,monthly_contributors,editors,sso_connections,created_at\r\n',
    });
    expectProblem(await root.get('/app/admin/report?date_from=2021-01-01'), 400, 'Bad Request');
    expectProblem(
      await api.get('/app/admin/report?date_from=2021-01-01&date_to=2021-01-02'),
      403,
      'Forbidden',
      {
        detail: ERROR_TEXTS.permissionDenied,
      },
    );
  });
});

describe('push (v1)', () => {
  it('start, chunk, finish and cancel; stale versions, unknown transactions and quota as problems', async () => {
    const { response, entries } = await startPush(api, PROJECT, {
      version: 'v1',
      added: [{ path: 'a.txt', content: 'aaa' }],
    });
    const transaction = expectJson(response).transaction as string;
    const [entry] = entries;
    const chunk = await uploadChunk(api, transaction, entry?.chunks[0] ?? '', Buffer.from('aaa'));
    expect(expectJson(chunk)).toEqual({ checksum: sha1('aaa'), size: 3 });
    expectProblem(await uploadChunk(api, transaction, 'not-declared', Buffer.from('x')), 404, 'Not Found', {
      detail: ERROR_TEXTS.urlNotFound,
    });
    const finished = expectJson(await api.post(`/v1/project/push/finish/${transaction}`));
    expect(finished.version).toBe('v2');
    expect(finished.updated).toMatch(SECONDS);

    const stale = await startPush(api, PROJECT, { version: 'v1', added: [{ path: 'b.txt', content: 'b' }] });
    expectProblem(stale.response, 400, 'Bad Request', { detail: 'Version mismatch' });
    const cancelled = await startPush(api, PROJECT, {
      version: 'v2',
      added: [{ path: 'c.txt', content: 'c' }],
    });
    expectJson(await api.post(`/v1/project/push/cancel/${cancelled.response.body.transaction as string}`));
    expectProblem(
      await api.post(`/v1/project/push/finish/${cancelled.response.body.transaction as string}`),
      404,
      'Not Found',
      {
        detail: ERROR_TEXTS.urlNotFound,
      },
    );

    const workspace = await server.repos.workspaces.findByName('mira');
    const id = workspace?.id ?? 0;
    const usage = (await server.repos.workspaces.usage([id])).get(id)?.diskUsage ?? 0;
    await server.repos.workspaces.setStorage(id, usage + 1);
    try {
      const full = await startPush(api, PROJECT, {
        version: 'v2',
        added: [{ path: 'big.txt', content: 'too big' }],
      });
      expectProblem(full.response, 422, 'Unprocessable Entity', {
        code: 'StorageLimitHit',
        detail: PUSH_TEXTS.storageLimit,
        current_usage: usage,
        storage_limit: usage + 1,
      });
    } finally {
      await server.repos.workspaces.setStorage(id, 10 * 1024 ** 3);
    }
  });
});

describe('v2', () => {
  it('GET /v2/projects/{id}: created_at, updated_at and file mtimes in DateTimeWithZ; unknown ids the reference 404', async () => {
    const body = expectJson(await api.get(`/v2/projects/${projectId}?files_at_version=v1`));
    expect(body).toMatchObject({ id: projectId, name: 'survey', workspace: { name: 'mira' } });
    expect(body.created_at).toMatch(SECONDS);
    expect(body.updated_at).toMatch(SECONDS);
    for (const file of body.files as Body[]) expect(file.mtime).toMatch(SECONDS);
    expectProblem(await api.get('/v2/projects/00000000-0000-0000-0000-000000000000'), 404, 'Not Found', {
      detail: ERROR_TEXTS.urlNotFound,
    });
    expectProblem(await other.get(`/v2/projects/${projectId}`), 404, 'Not Found');
  });

  it('delta, chunks and versions: valid_until in DateTimeWithZ; ProjectVersionExists is a problem with its code', async () => {
    expect(expectJson(await api.get(`/v2/projects/${projectId}/delta?since=v0`)).items).toEqual(
      expect.any(Array),
    );
    expectProblem(await api.get(`/v2/projects/${projectId}/delta?since=v99`), 400, 'Bad Request');
    const chunk = expectJson(
      await api.post(`/v2/projects/${projectId}/chunks`, new Uint8Array(Buffer.from('v2 bytes'))),
    );
    expect(chunk).toEqual({ id: expect.any(String), valid_until: expect.stringMatching(SECONDS) });
    const latest = (await api.get<Body>(`/v2/projects/${projectId}`)).body.version as string;
    const change = (version: string) => ({
      version,
      changes: {
        added: [{ path: 'v2.txt', checksum: sha1('v2 bytes'), size: 8, chunks: [chunk.id] }],
        updated: [],
        removed: [],
      },
    });
    expectProblem(await api.post(`/v2/projects/${projectId}/versions`, change('v1')), 409, 'Conflict', {
      code: 'ProjectVersionExists',
      detail: 'Project version mismatch (ProjectVersionExists)',
      client_version: 'v1',
      server_version: latest,
    });
    const created = expectJson(await api.post(`/v2/projects/${projectId}/versions`, change(latest)), 201);
    expect(created.created_at).toMatch(SECONDS);
    expect(created.updated_at).toMatch(SECONDS);
  });
});

describe('errors of every kind', () => {
  it('unknown routes of the Mergin API answer the reference 404; other paths keep their plain JSON 404', async () => {
    for (const path of ['/v1/nothing', '/v2/nothing', '/app/nothing', '/ping/nothing', '/config/nothing']) {
      expectProblem(await api.get(path), 404, 'Not Found', { detail: ERROR_TEXTS.urlNotFound });
    }
    // Written as connexion writes it: sorted keys, indented, a final newline (the client's tests look for `: 404,`).
    const raw = await fetch(`${server.url}/v2/sso/connections?email=bad@email.com`);
    expect(await raw.text()).toBe(
      `{\n  "detail": "${ERROR_TEXTS.urlNotFound}",\n  "status": 404,\n  "title": "Not Found",\n  "type": "about:blank"\n}\n`,
    );
    const outside = await api.get('/assets/missing.js');
    expect({ status: outside.status, type: outside.headers.get('content-type'), body: outside.body }).toEqual(
      {
        status: 404,
        type: 'application/json; charset=utf-8',
        body: { detail: ERROR_TEXTS.notFound },
      },
    );
  });

  it("Fastify's own errors: 415, 413, malformed JSON and bad URL encoding are problems", async () => {
    const xml = await api.request('POST', '/v1/auth/login', '<login/>', {
      'content-type': 'application/xml',
    });
    expectProblem(xml, 415, 'Unsupported Media Type');
    expectProblem(
      await api.post('/v1/auth/login', 'x'.repeat(12 * 1024 * 1024)),
      413,
      'Request Entity Too Large',
    );
    expectProblem(await api.post('/v1/auth/login', '{not json'), 400, 'Bad Request');
    expectProblem(await api.get('/v1/project/mira/%E0%A4%A'), 400, 'Bad Request');
  });

  it('access requests and the admin panel: expire, created, updated and removed_at in DateTimeWithZ', async () => {
    await server.createProject('mira', 'mira', 'shared', { isPublic: false });
    expectJson(await other.post('/app/project/access-request/mira/shared'));
    const requests = expectJson(await other.get('/app/project/access-requests'));
    expect((requests.items as Body[])[0]?.expire).toMatch(SECONDS);
    expectProblem(await other.post('/app/project/access-request/mira/shared'), 409, 'Conflict');
    const root = new HttpClient(server.url);
    await root.login('root', TEST_PASSWORD);
    const projects = expectJson(await root.get('/app/admin/projects?page=1&per_page=50'));
    for (const row of projects.items as Body[]) {
      expect(row.created).toMatch(SECONDS);
      expect(row.updated).toMatch(SECONDS);
    }
    expectProblem(await api.get('/app/admin/projects?page=1&per_page=50'), 403, 'Forbidden', {
      detail: ERROR_TEXTS.permissionDenied,
    });
  });

  it('/ping and /config answer JSON', async () => {
    expect(expectJson(await api.get('/ping'))).toMatchObject({ version: expect.any(String) });
    expect(expectJson(await api.get('/config'))).toMatchObject({ server_type: 'ce' });
  });
});
