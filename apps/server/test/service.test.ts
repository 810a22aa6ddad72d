import { rmSync } from 'node:fs';
import { ERROR_TEXTS, MAINTENANCE_TEXT } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DOCS_URL: 'https://docs.example.com', GLOBAL_READ: 'true' });
  await server.createUser({ username: 'alice' });
});
afterAll(() => server.close());

describe('service calls', () => {
  it('GET /ping reports version, blacklists and maintenance', async () => {
    const { status, body } = await new HttpClient(server.url).get('/ping');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      service: 'Mergin',
      status: 'online',
      maintenance: false,
      blacklist_dirs: ['.mergin'],
      blacklist_files: ['.DS_Store', '.directory'],
    });
    expect((body as { version: string }).version).toMatch(/^\d{4}\.\d+\.\d+$/);
  });

  it('POST /alive checks the database and answers the reference shape', async () => {
    const { status, body } = await new HttpClient(server.url).post('/alive', {});
    expect(status).toBe(200);
    expect(Object.keys(body as object).sort()).toEqual(['maintenance', 'processing_time_ms']);
    expect(body).toMatchObject({ maintenance: false });
    expect((body as { processing_time_ms: number }).processing_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('POST /alive answers 503 with a detail when the database cannot be reached', async () => {
    const other = await startTestServer();
    try {
      expect((await new HttpClient(other.url).post('/alive', {})).status).toBe(200);
      await other.database.close();
      const { status, body } = await new HttpClient(other.url).post('/alive', {});
      expect(status).toBe(503);
      expect(body).toMatchObject({ detail: 'The database cannot be reached.' });
    } finally {
      // Its database is closed already: the rest of the shutdown may complain about it.
      await other.close().catch(() => undefined);
      rmSync(other.dataDir, { recursive: true, force: true });
    }
  });

  it('GET /config carries the global permissions, docs url and push capabilities', async () => {
    const { body } = await new HttpClient(server.url).get('/config');
    expect(body).toMatchObject({
      docs_url: 'https://docs.example.com',
      global_read: true,
      global_write: false,
      global_admin: false,
      server_type: 'ce',
      v2_push_enabled: true,
      user_self_registration: false,
      deleted_project_expiration_days: 7,
    });
  });

  it('GET /app/init tells whether the caller is signed in and returns a CSRF token header', async () => {
    const client = new HttpClient(server.url);
    const anonymous = await client.get('/app/init');
    expect(anonymous.body).toEqual({ authenticated: false, superuser: false });
    expect(anonymous.headers.get('x-csrf-token')).toMatch(/\S+\.\S+/);

    await client.login('alice', TEST_PASSWORD);
    const signedIn = await client.get('/app/init');
    expect(signedIn.body).toEqual({ authenticated: true, superuser: false });
  });

  it('GET /app/auth/refresh/csrf answers a csrf field', async () => {
    const { status, body } = await new HttpClient(server.url).get('/app/auth/refresh/csrf');
    expect(status).toBe(200);
    expect(typeof (body as { csrf: string }).csrf).toBe('string');
  });

  it('serves the OpenAPI document of the calls at /api/docs', async () => {
    const client = new HttpClient(server.url);
    const document = await client.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining(['/v1/auth/login', '/v1/project/paginated', '/v1/workspaces', '/ping']),
    );
    expect((await client.get('/api/docs/')).status).toBe(200);
  });

  it('unknown routes answer 404 with a detail and no stack trace', async () => {
    const client = new HttpClient(server.url);
    for (const path of ['/v1/nothing-here', '/app/what']) {
      const { status, body } = await client.get(path);
      expect(status).toBe(404);
      expect(body).toMatchObject({
        detail: ERROR_TEXTS.urlNotFound,
        status: 404,
        title: 'Not Found',
        type: 'about:blank',
      });
    }
    const outside = await client.get('/nowhere');
    expect(outside.status).toBe(404);
    expect(outside.body).toMatchObject({ detail: ERROR_TEXTS.notFound });
    const post = await client.post('/v1/nothing-here', {});
    expect(post.status).toBe(404);
  });

  it('NUL characters in paths, queries or bodies are a 400, never a database error', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    for (const [method, path, body] of [
      ['GET', '/v1/project/alice/%00', undefined],
      ['GET', '/v1/project/paginated?name=a%00b', undefined],
      ['POST', '/v1/project/alice', { name: 'a\u0000b' }],
      ['POST', '/v1/auth/login', { login: 'x\u0000', password: 'y' }],
    ] as const) {
      const response = await client.request(method, path, body);
      expect({ path, status: response.status, body: response.body }).toMatchObject({
        path,
        status: 400,
        body: { detail: 'Invalid input: NUL characters are not allowed' },
      });
    }
  });

  it('malformed URLs, huge ids and out-of-range numbers are 4xx with a detail, never a 500', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    const cases: Array<[string, string, unknown]> = [
      ['GET', '/v1/project/alice/%E0%A4%A', undefined],
      ['GET', '/v1/workspace/99999999999', undefined],
      ['GET', '/v1/project/paginated?last_updated_in=9999999999999', undefined],
      ['POST', '/app/project/access-request/accept/99999999999', { permissions: 'read' }],
      ['DELETE', '/app/project/access-request/99999999999', undefined],
      ['POST', '/v2/users', { email: 'big@example.com', password: TEST_PASSWORD, workspace_id: 99999999999 }],
    ];
    for (const [method, path, body] of cases) {
      const response = await client.request<{ detail?: unknown }>(method, path, body);
      expect({ path, isClientError: response.status >= 400 && response.status < 500 }).toEqual({
        path,
        isClientError: true,
      });
      expect(typeof response.body.detail).toBe('string');
    }
  });

  it('serves projects whose names use the full 255 characters', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    const name = 'p'.repeat(255);
    expect((await client.post('/v1/project/alice', { name })).status).toBe(200);
    const response = await client.get<{ name: string }>(`/v1/project/alice/${name}`);
    expect(response.status).toBe(200);
    expect(response.body.name).toBe(name);
    expect((await client.post('/v1/project/alice', { name: 'p'.repeat(256) })).status).toBe(400);
  });

  it('malformed JSON is a 400 with a detail', async () => {
    const { status, body } = await new HttpClient(server.url).post('/v1/auth/login', '{not json');
    expect(status).toBe(400);
    expect(typeof (body as { detail: string }).detail).toBe('string');
  });
});

describe('read-only maintenance mode', () => {
  it('answers writes with 503 and the maintenance text, except login; reads keep working', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    server.context.maintenance.setFile(true);
    try {
      expect((await client.get('/ping')).body).toMatchObject({ maintenance: true });
      // The health check is allowed, and tells.
      expect(await new HttpClient(server.url).post('/alive', {})).toMatchObject({
        status: 200,
        body: { maintenance: true },
      });
      const write = await client.post('/v2/users', { email: 'x@example.com', password: TEST_PASSWORD });
      expect(write.status).toBe(503);
      expect(write.body).toMatchObject({ detail: MAINTENANCE_TEXT });
      const login = await new HttpClient(server.url).post('/v1/auth/login', {
        login: 'alice',
        password: TEST_PASSWORD,
      });
      expect(login.status).toBe(200);
      expect((await client.get('/v1/workspaces')).status).toBe(200);
    } finally {
      server.context.maintenance.setFile(false);
    }
    expect((await client.get('/ping')).body).toMatchObject({ maintenance: false });
  });

  it('refuses writes to workspaces named like an allowed call (exact routes, not path prefixes)', async () => {
    for (const name of ['by_names', 'by_names_team']) {
      await server.context.workspaces.create({ name });
      await server.context.workspaces.addMember({ workspace: name, login: 'alice', role: 'owner' });
      await server.createProject('alice', name, 'existing');
    }
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    server.context.maintenance.setFile(true);
    try {
      // `/v1/project/by_names` is the lookup (allowed, it writes nothing), never a create in that workspace.
      const lookup = await client.post('/v1/project/by_names', { name: 'sneaky', public: false });
      expect(lookup).toMatchObject({ status: 200, body: {} });
      for (const name of ['by_names', 'by_names_team']) {
        if (name !== 'by_names') {
          const create = await client.post(`/v1/project/${name}`, { name: 'sneaky', public: false });
          expect(create.status).toBe(503);
          expect(create.body).toMatchObject({ detail: MAINTENANCE_TEXT });
        }
        const access = await client.request('PUT', `/v1/project/${name}/existing`, {
          access: { readersnames: ['alice'] },
        });
        expect(access.status).toBe(503);
        expect(access.body).toMatchObject({ detail: MAINTENANCE_TEXT });
      }
      // The cookie login stays allowed.
      expect((await new HttpClient(server.url).login('alice', TEST_PASSWORD)).status).toBe(200);
    } finally {
      server.context.maintenance.setFile(false);
    }
    expect((await client.get('/v1/project/by_names/sneaky')).status).toBe(404);
  });

  it('can be switched on by configuration', async () => {
    const other = await startTestServer({ MAINTENANCE: 'true' });
    try {
      const client = new HttpClient(other.url);
      expect((await client.get('/ping')).body).toMatchObject({ maintenance: true });
      expect((await client.post('/v2/users', {})).status).toBe(503);
    } finally {
      await other.close();
    }
  });
});
