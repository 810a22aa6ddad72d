import { inflateSync } from 'node:zlib';
import { ERROR_TEXTS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
const clock = manualClock();

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  await server.createUser({ username: 'alice', email: 'Alice.Smith@Example.com' });
  await server.createUser({ username: 'root1', isAdmin: true });
});
afterAll(() => server.close());

/** What the Mergin Python client does with a token: strip "Bearer .", base64url-decode, inflate, parse. */
function decodeLikePythonClient(token: string): Record<string, unknown> {
  const header = `Bearer ${token}`;
  expect(header.startsWith('Bearer .')).toBe(true);
  const data = header.slice('Bearer .'.length).split('.')[0] ?? '';
  return JSON.parse(inflateSync(Buffer.from(data, 'base64url')).toString('utf8'));
}

describe('POST /app/auth/login (browser session)', () => {
  it('signs in by username and sets an httpOnly SameSite=Lax session cookie', async () => {
    const client = new HttpClient(server.url);
    await client.get('/app/init');
    const response = await client.post('/app/auth/login', { login: 'alice', password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await client.get('/app/init')).body).toEqual({ authenticated: true, superuser: false });
  });

  it('matches the email case-insensitively', async () => {
    const client = new HttpClient(server.url);
    const response = await client.login('alice.smith@EXAMPLE.COM', TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect((await client.get<{ username: string }>('/v1/user/profile')).body.username).toBe('alice');
  });

  it('trims the login and reports superusers in init', async () => {
    const client = new HttpClient(server.url);
    expect((await client.login('  root1 ', TEST_PASSWORD)).status).toBe(200);
    expect((await client.get('/app/init')).body).toEqual({ authenticated: true, superuser: true });
  });

  it('answers 401 "Invalid username or password" for a wrong password or unknown user', async () => {
    for (const login of ['alice', 'nobody']) {
      const response = await new HttpClient(server.url).post('/app/auth/login', {
        login,
        password: 'Wrong-pass1',
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ detail: 'Invalid username or password' });
      expect(response.headers.getSetCookie().some((line) => line.startsWith('session='))).toBe(false);
    }
  });

  it('answers 400 with the field named when a field is missing', async () => {
    const response = await new HttpClient(server.url).post('/app/auth/login', { password: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ detail: 'This field is required.(login)' });
  });

  it('tells a deactivated account so, but only to the right password: a wrong one learns nothing', async () => {
    const user = await server.createUser({ username: 'gone1' });
    await server.repos.users.update(user.id, { active: false });
    const right = await new HttpClient(server.url).post('/app/auth/login', {
      login: 'gone1',
      password: TEST_PASSWORD,
    });
    expect(right.status).toBe(401);
    expect(right.body).toMatchObject({ detail: ERROR_TEXTS.accountDeactivated });
    expect(right.headers.getSetCookie().some((line) => line.startsWith('session='))).toBe(false);
    const wrong = await new HttpClient(server.url).post('/app/auth/login', {
      login: 'gone1',
      password: 'Wrong-pass1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ detail: ERROR_TEXTS.invalidCredentials });
  });

  it("keeps the reference's answer on the API sign-in: a deactivated account reads as a wrong password there", async () => {
    const user = await server.createUser({ username: 'gone2' });
    await server.repos.users.update(user.id, { active: false });
    const response = await new HttpClient(server.url).post('/v1/auth/login', {
      login: 'gone2',
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ detail: ERROR_TEXTS.invalidCredentials });
  });
});

describe('signing out: POST /app/auth/logout (the web app) and GET (the reference)', () => {
  it('ends the session on the server, not only in the browser', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    const stolenCookie = client.cookie('session');
    expect((await client.post('/app/auth/logout')).status).toBe(200);
    expect((await client.get('/app/init')).body).toEqual({ authenticated: false, superuser: false });
    const replay = await fetch(`${server.url}/v1/user/profile`, {
      headers: { cookie: `session=${stolenCookie}` },
    });
    expect(replay.status).toBe(401);
  });

  it('needs the CSRF token, by POST and by GET: a link, image or form on another site signs nobody out', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    // What a cross-site request carries: the (SameSite=Lax) cookie on a top-level navigation, no header.
    client.sendCsrf = false;
    for (const method of ['GET', 'POST', 'HEAD']) {
      const forged = await client.request(method, '/app/auth/logout');
      expect(forged.status, method).toBe(400);
      if (method !== 'HEAD')
        expect(forged.body).toMatchObject({ detail: ERROR_TEXTS.csrfMissing, status: 400 });
    }
    expect((await client.get('/app/init')).body).toEqual({ authenticated: true, superuser: false });
    // With the token, the reference's GET still signs out.
    client.sendCsrf = true;
    expect((await client.get('/app/auth/logout')).status).toBe(200);
    expect((await client.get('/app/init')).body).toEqual({ authenticated: false, superuser: false });
  });

  it('stays possible in maintenance mode', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    server.context.maintenance.setFile(true);
    try {
      expect((await client.post('/app/auth/logout')).status).toBe(200);
    } finally {
      server.context.maintenance.setFile(false);
    }
    expect((await client.get('/app/init')).body).toEqual({ authenticated: false, superuser: false });
  });
});

describe('session expiry', () => {
  it('accepts a session until its expiry and not a moment after', async () => {
    await server.createUser({ username: 'expiring' });
    const client = new HttpClient(server.url);
    await client.login('expiring', TEST_PASSWORD);
    const expireIn = (interval: string) =>
      server.database.executeSql(
        `UPDATE sessions SET expires_at = now() + interval '${interval}'
         WHERE user_id = (SELECT id FROM users WHERE username = 'expiring')`,
      );
    await expireIn('30 minutes');
    expect((await client.get('/v1/user/profile')).status).toBe(200);
    await expireIn('-30 minutes');
    expect((await client.get('/v1/user/profile')).status).toBe(401);
  });
});

describe('CSRF protection of cookie-authenticated writes', () => {
  it('requires the X-CSRF-Token header bound to the session', async () => {
    const client = new HttpClient(server.url);
    await client.login('root1', TEST_PASSWORD);
    const body = { email: 'csrf1@example.com', password: TEST_PASSWORD, username: 'csrf1' };

    client.sendCsrf = false;
    const missing = await client.post('/v2/users', body);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ detail: 'The CSRF token is missing.' });

    client.sendCsrf = true;
    const anonymousToken =
      (await new HttpClient(server.url).get('/app/init')).headers.get('x-csrf-token') ?? '';
    const wrong = await client.post('/v2/users', body, { 'X-CSRF-Token': anonymousToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ detail: 'The CSRF token is invalid.' });

    const ok = await client.post('/v2/users', body);
    expect(ok.status).toBe(201);
  });

  it("answers 'The CSRF token has expired.' for an old token, and a refreshed one works", async () => {
    const client = new HttpClient(server.url);
    await client.login('root1', TEST_PASSWORD);
    const realNow = Date.now;
    Date.now = () => realNow() - 2 * 60 * 60 * 1000;
    try {
      await client.get('/app/auth/refresh/csrf');
    } finally {
      Date.now = realNow;
    }
    const body = { email: 'csrf2@example.com', password: TEST_PASSWORD, username: 'csrf2' };
    const expired = await client.post('/v2/users', body);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ detail: 'The CSRF token has expired.' });
    await client.get('/app/auth/refresh/csrf');
    expect((await client.post('/v2/users', body)).status).toBe(201);
  });

  it('does not apply to Bearer-authenticated API calls', async () => {
    const login = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'root1',
      password: TEST_PASSWORD,
    });
    const api = new HttpClient(server.url);
    api.bearer = login.body.session.token;
    const response = await api.post('/v2/users', {
      email: 'api1@example.com',
      password: TEST_PASSWORD,
      username: 'api1',
    });
    expect(response.status).toBe(201);
  });
});

describe('POST /v1/auth/login (Bearer token)', () => {
  it('answers the user info with a session token the Mergin client can decode', async () => {
    const response = await new HttpClient(server.url).post<Record<string, unknown>>('/v1/auth/login', {
      login: 'alice',
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      username: 'alice',
      email: 'Alice.Smith@Example.com',
      storage: 1073741824,
      disk_usage: 0,
      has_project: false,
      tier: 'free',
    });
    const session = response.body.session as { token: string; expire: string };
    const payload = decodeLikePythonClient(session.token);
    expect(payload).toMatchObject({ username: 'alice', email: 'Alice.Smith@Example.com' });
    const expire = Date.parse(String(payload.expire));
    expect(expire - Date.now()).toBeGreaterThan(11 * 60 * 60 * 1000);
    expect(Date.parse(session.expire)).toBe(expire);
  });

  it('authenticates API calls with the token, and refuses a tampered one', async () => {
    const login = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'alice',
      password: TEST_PASSWORD,
    });
    const api = new HttpClient(server.url);
    api.bearer = login.body.session.token;
    const profile = await api.get<{ username: string; workspaces: unknown[] }>('/v1/user/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe('alice');

    const parts = login.body.session.token.split('.');
    parts[3] = `${parts[3]?.slice(0, -2)}AA`;
    api.bearer = parts.join('.');
    const tampered = await api.get('/v1/user/profile');
    expect(tampered.status).toBe(401);
    expect(tampered.body).toMatchObject({ detail: 'Authentication information is missing or invalid.' });
  });

  it('stops accepting a token once the user changed their username', async () => {
    const user = await server.createUser({ username: 'renamer' });
    const login = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'renamer',
      password: TEST_PASSWORD,
    });
    await server.repos.users.update(user.id, { username: 'renamed' });
    const api = new HttpClient(server.url);
    api.bearer = login.body.session.token;
    expect((await api.get('/v1/user/profile')).status).toBe(401);
  });

  it('looks the caller up once, and again after any change to users through the app, or when its time is up', async () => {
    const user = await server.createUser({ username: 'kept' });
    const api = new HttpClient(server.url);
    const signIn = async () => {
      const login = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
        login: 'kept',
        password: TEST_PASSWORD,
      });
      api.bearer = login.body.session.token;
    };
    await signIn();
    const profile = () => server.countQueries(() => api.get<{ first_name: string }>('/v1/user/profile'));
    const first = await profile();
    expect(first.result.status).toBe(200);
    expect((await profile()).queries).toBe(first.queries - 1);

    // Through the app (the repositories): seen at once.
    await server.repos.users.update(user.id, { firstName: 'Kept' });
    const renamed = await profile();
    expect({ firstName: renamed.result.body.first_name, queries: renamed.queries }).toEqual({
      firstName: 'Kept',
      queries: first.queries,
    });
    await server.repos.users.update(user.id, { active: false });
    expect((await api.get('/v1/user/profile')).status).toBe(401);

    // Below the app (an operator's SQL, another process): seen once the kept row's time (CACHE_SECONDS) is up.
    await server.repos.users.update(user.id, { active: true });
    await signIn();
    expect((await profile()).result.status).toBe(200);
    expect((await profile()).queries).toBe(first.queries - 1);
    await server.database.executeSql(
      "UPDATE users SET token_epoch = token_epoch + 1 WHERE username = 'kept'",
    );
    clock.advance(server.context.config.cacheTtlMs.users);
    expect((await api.get('/v1/user/profile')).status).toBe(200);
    clock.advance(1);
    expect((await api.get('/v1/user/profile')).status).toBe(401);
  });
});
