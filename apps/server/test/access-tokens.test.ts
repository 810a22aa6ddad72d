import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { SECURITY_TEXTS, type AccessToken, type CreatedAccessToken } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens } from '../src/db/schema.ts';
import { HttpClient } from './http-client.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;

// A clock that never moves: the caches of users and tokens keep what they read for the whole file, so every
// "ends at once" below is the process forgetting, not a cache running out.
beforeAll(async () => {
  server = await startTestServer({}, { clock: manualClock() });
  await server.createUser({ username: 'root', isAdmin: true });
});
afterAll(async () => {
  await server.close();
});

async function browserOf(username: string, password = TEST_PASSWORD): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  expect((await client.login(username, password)).status).toBe(200);
  return client;
}

async function newUser(username: string) {
  const user = await server.createUser({ username });
  return { user, browser: await browserOf(username) };
}

async function makeToken(
  browser: HttpClient,
  scope: 'read' | 'write' | 'admin',
  name = `${scope} token`,
): Promise<CreatedAccessToken> {
  const response = await browser.post<CreatedAccessToken>('/app/auth/tokens', {
    name,
    scope,
    expires_in_days: 30,
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** A client that sends only `Authorization: Bearer <token>`, as a script or the Mergin client does. */
function apiWith(token: string): HttpClient {
  const client = new HttpClient(server.url);
  client.bearer = token;
  return client;
}

describe('personal access tokens', () => {
  it('are shown once, in a form the Mergin client decodes, and stored only as a hash', async () => {
    const { browser } = await newUser('tina');
    const created = await makeToken(browser, 'read', 'laptop sync');
    expect(created).toMatchObject({ name: 'laptop sync', scope: 'read', last_used_at: null });
    expect(created.token).toMatch(/^\.[A-Za-z0-9_-]+\.wmkpat_[A-Za-z0-9_-]{43}$/);
    // What the client does with MERGIN_AUTH: the part after the leading dot, inflated, is JSON with username and expire.
    const payload = JSON.parse(
      inflateSync(Buffer.from(created.token.split('.')[1] ?? '', 'base64url')).toString('utf8'),
    ) as { username: string; expire: string };
    expect(payload.username).toBe('tina');
    expect(Date.parse(payload.expire)).toBe(Date.parse(created.expires_at));
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(30 * 86_400_000);

    const [row] = await server.database.db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.split('.')[2]);

    const list = await browser.get<AccessToken[]>('/app/auth/tokens');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: created.id,
        name: 'laptop sync',
        scope: 'read',
        created_at: created.created_at,
        expires_at: created.expires_at,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('wmkpat_');
  });

  it('work as Bearer tokens where the session does, and note when they were last used', async () => {
    const { browser } = await newUser('ursula');
    const { token, id } = await makeToken(browser, 'read');
    const profile = await apiWith(token).get<{ username: string }>('/v1/user/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe('ursula');
    expect((await apiWith(token).get('/v1/workspaces')).status).toBe(200);
    const [listed] = (await browser.get<AccessToken[]>('/app/auth/tokens')).body;
    expect(listed?.id).toBe(id);
    expect(listed?.last_used_at).not.toBeNull();
    // A token that is not one: an anonymous caller.
    expect((await apiWith(`${token.slice(0, -2)}xx`).get('/v1/user/profile')).status).toBe(401);
  });

  it('are held to their scope: read cannot change anything, write cannot administer, none manages credentials', async () => {
    const { browser } = await newUser('vera');
    const project = await server.createProject('vera', 'vera', 'survey');
    const read = apiWith((await makeToken(browser, 'read')).token);
    const write = apiWith((await makeToken(browser, 'write')).token);
    const admin = apiWith((await makeToken(browser, 'admin')).token);

    expect((await read.get('/v1/project/vera/survey')).status).toBe(200);
    expect((await read.post('/v1/project/by_names', { projects: ['vera/survey'] })).status).toBe(200);
    const created = await read.post<{ detail: string; code: string }>('/v1/project/vera', {
      name: 'new-one',
    });
    expect(created.status).toBe(403);
    expect(created.body.detail).toBe(SECURITY_TEXTS.tokenScopeTooLow('write'));
    expect(created.body.code).toBe('TokenScope');
    const push = await read.post('/v1/project/push/vera/survey', {
      version: 'v0',
      changes: { added: [], updated: [], removed: [] },
    });
    expect(push.status).toBe(403);

    expect((await write.post('/v1/project/vera', { name: 'from-write' })).status).toBe(200);
    const publicByWrite = await write.request<{ detail: string }>(
      'PATCH',
      `/app/project/${project.id}/public`,
      {
        public: true,
      },
    );
    expect(publicByWrite.status).toBe(403);
    expect(publicByWrite.body.detail).toBe(SECURITY_TEXTS.tokenScopeTooLow('admin'));
    expect((await admin.request('PATCH', `/app/project/${project.id}/public`, { public: true })).status).toBe(
      204,
    );

    // Credentials and the account are for the browser session alone, whatever the scope.
    for (const [method, url, body] of [
      ['GET', '/app/auth/tokens', undefined],
      ['POST', '/app/auth/tokens', { name: 'x', scope: 'admin', expires_in_days: 1 }],
      [
        'POST',
        '/app/auth/change-password',
        { old_password: TEST_PASSWORD, password: 'An0ther-pass', confirm: 'An0ther-pass' },
      ],
      ['POST', '/app/auth/two-factor/setup', undefined],
      ['DELETE', '/v1/user', undefined],
    ] as const) {
      const answer = await admin.request<{ detail: string }>(method, url, body);
      expect([method, url, answer.status, answer.body.detail]).toEqual([
        method,
        url,
        403,
        SECURITY_TEXTS.tokenNotAllowed,
      ]);
    }
    expect((await browser.get('/v1/user/profile')).status).toBe(200);
  });

  it("do not reach the admin panel, even a superuser's", async () => {
    const root = await browserOf('root');
    const token = apiWith((await makeToken(root, 'admin')).token);
    expect((await token.get('/app/admin/users')).status).toBe(403);
    expect((await token.get('/app/admin/tokens')).status).toBe(403);
    expect((await root.get('/app/admin/users')).status).toBe(200);
  });

  it('cannot be made with a Bearer token of the API sign-in', async () => {
    await newUser('wanda');
    const login = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'wanda',
      password: TEST_PASSWORD,
    });
    const api = apiWith(login.body.session.token);
    expect(
      (await api.post('/app/auth/tokens', { name: 'x', scope: 'read', expires_in_days: 1 })).status,
    ).toBe(403);
  });

  it('refuse bad requests with 400: a name, a known scope, one day to one year', async () => {
    const { browser } = await newUser('xena');
    for (const body of [
      { name: '', scope: 'read', expires_in_days: 30 },
      { name: 'x', scope: 'root', expires_in_days: 30 },
      { name: 'x', scope: 'read', expires_in_days: 0 },
      { name: 'x', scope: 'read', expires_in_days: 366 },
      { name: 'x', scope: 'read', expires_in_days: 1.5 },
      { name: 'x'.repeat(101), scope: 'read', expires_in_days: 30 },
    ]) {
      const answer = await browser.post<{ detail: string }>('/app/auth/tokens', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.detail).toBeTruthy();
    }
    expect(
      (await browser.post('/app/auth/tokens', { name: 'x', scope: 'read', expires_in_days: 365 })).status,
    ).toBe(201);
  });

  it('end when they expire', async () => {
    await newUser('yara');
    const user = await server.repos.users.findByUsername('yara');
    if (!user) throw new Error('no yara');
    // Made two days ago for one day: expired yesterday.
    const old = await server.context.accessTokens.create(
      user,
      { name: 'old', scope: 'read', expires_in_days: 1 },
      new Date(Date.now() - 2 * 86_400_000),
    );
    expect((await apiWith(old.token).get('/v1/user/profile')).status).toBe(401);
    expect((await server.context.accessTokens.list(user)).map((token) => token.name)).toEqual([]);
  });

  it('end at once when revoked, by their owner or a superuser, and only theirs', async () => {
    const { browser } = await newUser('zoey');
    const { browser: other } = await newUser('zack');
    const first = await makeToken(browser, 'read', 'first');
    const second = await makeToken(browser, 'read', 'second');
    const api = apiWith(first.token);
    expect((await api.get('/v1/user/profile')).status).toBe(200);

    expect((await other.request('DELETE', `/app/auth/tokens/${first.id}`)).status).toBe(404);
    expect((await api.get('/v1/user/profile')).status).toBe(200);
    expect((await browser.request('DELETE', `/app/auth/tokens/${first.id}`)).status).toBe(204);
    expect((await api.get('/v1/user/profile')).status).toBe(401);
    expect((await browser.request('DELETE', `/app/auth/tokens/${first.id}`)).status).toBe(404);

    const root = await browserOf('root');
    expect((await other.get('/app/admin/tokens')).status).toBe(403);
    const all = await root.get<Array<{ id: number; username: string; name: string }>>('/app/admin/tokens');
    expect(all.status).toBe(200);
    expect(all.body.filter((token) => token.username === 'zoey').map((token) => token.name)).toEqual([
      'second',
    ]);
    expect(JSON.stringify(all.body)).not.toContain('wmkpat_');
    const secondApi = apiWith(second.token);
    expect((await secondApi.get('/v1/user/profile')).status).toBe(200);
    expect((await other.request('DELETE', `/app/admin/tokens/${second.id}`)).status).toBe(403);
    expect((await root.request('DELETE', `/app/admin/tokens/${second.id}`)).status).toBe(204);
    expect((await secondApi.get('/v1/user/profile')).status).toBe(401);
  });

  it('end at once on a password change, a deactivation, a sign-out everywhere and the closing of the account', async () => {
    const { browser } = await newUser('amos');
    const token = apiWith((await makeToken(browser, 'write')).token);
    expect((await token.get('/v1/user/profile')).status).toBe(200);
    const changed = await browser.post('/app/auth/change-password', {
      old_password: TEST_PASSWORD,
      password: 'N3w-password',
      confirm: 'N3w-password',
    });
    expect(changed.status).toBe(200);
    expect((await token.get('/v1/user/profile')).status).toBe(401);
    // The session that changed it lives on, and lists no token.
    expect((await browser.get<AccessToken[]>('/app/auth/tokens')).body).toEqual([]);

    const { browser: bea } = await newUser('beata');
    const beaToken = apiWith((await makeToken(bea, 'read')).token);
    expect((await beaToken.get('/v1/user/profile')).status).toBe(200);
    const root = await browserOf('root');
    expect((await root.request('PATCH', '/app/admin/user/beata', { active: false })).status).toBe(200);
    expect((await beaToken.get('/v1/user/profile')).status).toBe(401);
    // Reactivation does not revive it.
    expect((await root.request('PATCH', '/app/admin/user/beata', { active: true })).status).toBe(200);
    expect((await beaToken.get('/v1/user/profile')).status).toBe(401);

    const { browser: cyd } = await newUser('cydney');
    const cydToken = apiWith((await makeToken(cyd, 'read')).token);
    expect((await cydToken.get('/v1/user/profile')).status).toBe(200);
    await server.context.auth.signOutEverywhere('cydney');
    expect((await cydToken.get('/v1/user/profile')).status).toBe(401);

    const { browser: dot } = await newUser('dotty');
    const dotToken = apiWith((await makeToken(dot, 'read')).token);
    expect((await dotToken.get('/v1/user/profile')).status).toBe(200);
    expect((await dot.request('DELETE', '/v1/user')).status).toBe(204);
    expect((await dotToken.get('/v1/user/profile')).status).toBe(401);
  });

  it('are deleted by housekeeping once ended', async () => {
    const { browser } = await newUser('evelyn');
    const created = await makeToken(browser, 'read');
    await server.context.auth.signOutEverywhere('evelyn');
    expect(await server.context.accessTokens.purgeEnded(new Date())).toBeGreaterThanOrEqual(1);
    const rows = await server.database.db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    expect(rows).toEqual([]);
  });
});
