import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.ts';
import { sessions } from '../src/db/schema.ts';
import { runHousekeeping } from '../src/jobs/housekeeping.ts';
import { issueBearerToken } from '../src/lib/bearer-token.ts';
import { HttpClient } from './http-client.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

const SECRET_KEY = 'sign-out-secret-0123456789';
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer(
    {
      SMTP_URL: smtp.url,
      BASE_URL: 'https://maps.example.org',
      SECRET_KEY,
    },
    { clock: manualClock() },
  );
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** A Bearer client (Mergin API sign-in) and a browser client (session cookie) of the same user. */
async function signInTwice(login: string, password = TEST_PASSWORD) {
  const response = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
    login,
    password,
  });
  expect(response.status).toBe(200);
  const api = new HttpClient(server.url);
  api.bearer = response.body.session.token;
  const browser = new HttpClient(server.url);
  expect((await browser.login(login, password)).status).toBe(200);
  return { api, browser };
}

/** The status of the profile call for each client: 200 while its credentials work, 401 once they ended. */
async function profileStatuses(...clients: HttpClient[]): Promise<number[]> {
  return Promise.all(clients.map(async (client) => (await client.get('/v1/user/profile')).status));
}

/** Runs the administration CLI in-process against the test server's database. */
async function cli(...args: string[]): Promise<string[]> {
  const output: string[] = [];
  const program = buildProgram({
    withContext: (run) => run(server.context),
    blobStores: () => ({ local: server.context.blobs, s3: undefined }),
    maintenance: server.context.maintenance,
    maintenanceInDatabase: false,
    print: (line) => output.push(line),
  });
  await program.parseAsync(['node', 'waymark', ...args]);
  return output;
}

/** Asks for a reset link for `email` and returns the token from the mail the SMTP peer received. */
async function requestResetToken(email: string): Promise<string> {
  const before = smtp.received.length;
  expect((await new HttpClient(server.url).post('/app/auth/reset-password', { email })).status).toBe(200);
  const mail = smtp.received.slice(before).find((m) => m.to.includes(email));
  const text = mail?.raw.replace(/=\r?\n/g, '') ?? '';
  const match = /https:\/\/maps\.example\.org\/change-password\/([\w.-]+)/.exec(text);
  expect(match).not.toBeNull();
  return match?.[1] ?? '';
}

describe('ending every token and session of a user', () => {
  it('ends a Bearer token this process keeps at once: deactivation, sign-out everywhere, password change', async () => {
    const admin = await server.createUser({ username: 'keeperadmin', isAdmin: true });
    const adminApi = (await signInTwice(admin.username)).api;
    /** A Bearer client whose user this process now keeps (its second call looks nobody up). */
    const keptClient = async (username: string) => {
      await server.createUser({ username });
      const { api } = await signInTwice(username);
      const first = await server.countQueries(() => api.get('/v1/user/profile'));
      const second = await server.countQueries(() => api.get('/v1/user/profile'));
      expect([first.result.status, second.result.status, second.queries]).toEqual([
        200,
        200,
        first.queries - 1,
      ]);
      return api;
    };

    const deactivated = await keptClient('keptsleeper');
    expect((await adminApi.request('PATCH', '/app/admin/user/keptsleeper', { active: false })).status).toBe(
      200,
    );
    expect(await profileStatuses(deactivated)).toEqual([401]);

    const signedOut = await keptClient('keptroamer');
    await cli('user', 'signout', 'keptroamer');
    expect(await profileStatuses(signedOut)).toEqual([401]);

    const changed = await keptClient('keptchanger');
    const change = await changed.post('/app/auth/change-password', {
      old_password: TEST_PASSWORD,
      password: 'Changed-pass1',
      confirm: 'Changed-pass1',
    });
    expect(change.status).toBe(200);
    expect(await profileStatuses(changed)).toEqual([401]);
  });

  it('a password reset ends the Bearer tokens and sessions issued before it; new ones work', async () => {
    await server.createUser({ username: 'resetter' });
    const before = await signInTwice('resetter');
    expect(await profileStatuses(before.api, before.browser)).toEqual([200, 200]);

    const token = await requestResetToken('resetter@example.com');
    const reset = await new HttpClient(server.url).post(`/app/auth/reset-password/${token}`, {
      password: 'Brand-new-pass1',
      confirm: 'Brand-new-pass1',
    });
    expect(reset.status).toBe(200);

    expect(await profileStatuses(before.api, before.browser)).toEqual([401, 401]);
    const after = await signInTwice('resetter', 'Brand-new-pass1');
    expect(await profileStatuses(after.api, after.browser)).toEqual([200, 200]);
  });

  it('deactivation ends them for good: reactivating the account does not revive them', async () => {
    const user = await server.createUser({ username: 'sleeper' });
    const before = await signInTwice('sleeper');
    await server.repos.users.update(user.id, { active: false });
    expect(await profileStatuses(before.api, before.browser)).toEqual([401, 401]);

    await server.repos.users.update(user.id, { active: true });
    expect(await profileStatuses(before.api, before.browser)).toEqual([401, 401]);
    const after = await signInTwice('sleeper');
    expect(await profileStatuses(after.api, after.browser)).toEqual([200, 200]);
  });

  it('the CLI command `user password` ends them', async () => {
    await server.createUser({ username: 'forgot2' });
    const before = await signInTwice('forgot2');
    expect(await cli('user', 'password', 'forgot2', '-p', 'Other-pass2')).toEqual([
      "Password of 'forgot2' changed.",
    ]);
    expect(await profileStatuses(before.api, before.browser)).toEqual([401, 401]);
    const after = await signInTwice('forgot2', 'Other-pass2');
    expect(await profileStatuses(after.api, after.browser)).toEqual([200, 200]);
  });

  it('the CLI command `user signout` ends them and keeps the password', async () => {
    await server.createUser({ username: 'roamer', email: 'roamer@example.com' });
    const first = await signInTwice('roamer');
    const second = await signInTwice('roamer');
    expect(await cli('user', 'signout', 'ROAMER@example.com')).toEqual([
      "Signed 'roamer' out everywhere: every session and token issued so far has ended.",
    ]);
    expect(await profileStatuses(first.api, first.browser, second.api, second.browser)).toEqual([
      401, 401, 401, 401,
    ]);
    const after = await signInTwice('roamer');
    expect(await profileStatuses(after.api, after.browser)).toEqual([200, 200]);
    await expect(cli('user', 'signout', 'nobody1')).rejects.toThrow(/User nobody1 not found/);
  });

  it('can keep the session that asked for it (a password change made in the browser)', async () => {
    await server.createUser({ username: 'keeper' });
    const current = await signInTwice('keeper');
    const other = await signInTwice('keeper');
    const found = await server.context.auth.resolveSession(current.browser.cookie('session') ?? '');
    expect(found).toBeDefined();
    await server.context.auth.signOutEverywhere('keeper', { keepSessionId: found?.sessionId });
    expect(await profileStatuses(current.browser, current.api, other.browser, other.api)).toEqual([
      200, 401, 401, 401,
    ]);
  });

  it('accepts tokens issued before tokens carried an epoch, until the user is signed out everywhere', async () => {
    const user = await server.createUser({ username: 'veteran' });
    const api = new HttpClient(server.url);
    api.bearer = issueBearerToken(SECRET_KEY, {
      user_id: user.id,
      username: user.username,
      email: user.email,
      expire: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    });
    expect(await profileStatuses(api)).toEqual([200]);
    await cli('user', 'signout', 'veteran');
    expect(await profileStatuses(api)).toEqual([401]);
  });

  it('housekeeping deletes the session rows that ended, and keeps the live ones', async () => {
    const user = await server.createUser({ username: 'tidy1' });
    const sessionsOfUser = async () =>
      (await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    await signInTwice('tidy1');
    await server.repos.users.update(user.id, { active: false });
    await server.repos.users.update(user.id, { active: true });
    const after = await signInTwice('tidy1');
    expect(await sessionsOfUser()).toBe(2);
    await runHousekeeping(server.context);
    expect(await sessionsOfUser()).toBe(1);
    expect(await profileStatuses(after.browser)).toEqual([200]);
  });
});
