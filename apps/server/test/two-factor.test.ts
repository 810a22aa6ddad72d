import { ERROR_TEXTS, SECURITY_TEXTS, type TwoFactorSetup, type TwoFactorStatus } from '@waymark/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: manualClock() });
  await server.createUser({ username: 'root', isAdmin: true });
});
afterAll(async () => {
  await server.close();
});

/** The authenticator app: the code of the step `offsetSteps` away from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function browserOf(username: string, password = TEST_PASSWORD): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const answer = await client.login(username, password);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({});
  return client;
}

/** A user with two-factor sign-in on (enrolled with the current step's code); answers the secret and codes. */
async function enrolled(username: string, offsetSteps = 0) {
  await server.createUser({ username });
  const browser = await browserOf(username);
  const setup = await browser.post<TwoFactorSetup>('/app/auth/two-factor/setup');
  expect(setup.status).toBe(200);
  const enable = await browser.post<{ recovery_codes: string[] }>('/app/auth/two-factor/enable', {
    code: await codeAt(setup.body.secret, offsetSteps),
  });
  expect(enable.status).toBe(200);
  return { browser, secret: setup.body.secret, recoveryCodes: enable.body.recovery_codes };
}

/** The sign-in's first step: answers the challenge (and checks that no session came with it). */
async function passwordStep(client: HttpClient, username: string): Promise<string> {
  const answer = await client.login(username, TEST_PASSWORD);
  expect(answer.status).toBe(200);
  const { two_factor_challenge: challenge } = answer.body as { two_factor_challenge?: string };
  expect(challenge).toBeTruthy();
  expect((await client.get('/v1/user/profile')).status).toBe(401);
  return challenge ?? '';
}

describe('two-factor sign-in', () => {
  it('is enrolled with a QR code and a confirming code, and gives ten recovery codes once', async () => {
    await server.createUser({ username: 'anna' });
    const browser = await browserOf('anna');
    const before = await browser.get<TwoFactorStatus>('/app/auth/two-factor');
    expect(before.body).toEqual({ enabled: false, recovery_codes_left: 0, required_by: [] });

    const setup = await browser.post<TwoFactorSetup>('/app/auth/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauth_url).toBe(
      `otpauth://totp/Waymark:anna?secret=${setup.body.secret}&issuer=Waymark`,
    );
    expect(
      Buffer.from(setup.body.qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString(),
    ).toMatch(/^<svg /);

    const wrong = await browser.post<{ detail: string; code: string[] }>('/app/auth/two-factor/enable', {
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toEqual([SECURITY_TEXTS.wrongEnrolmentCode]);
    const enable = await browser.post<{ recovery_codes: string[] }>('/app/auth/two-factor/enable', {
      code: await codeAt(setup.body.secret),
    });
    expect(enable.status).toBe(200);
    expect(enable.body.recovery_codes).toHaveLength(10);
    expect(new Set(enable.body.recovery_codes).size).toBe(10);
    for (const code of enable.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await browser.get<TwoFactorStatus>('/app/auth/two-factor');
    expect(after.body).toEqual({ enabled: true, recovery_codes_left: 10, required_by: [] });
    // A second set-up would replace the secret behind the user's back: refused while on.
    expect((await browser.post('/app/auth/two-factor/setup')).status).toBe(409);
    expect((await browser.post('/app/auth/two-factor/enable', { code: '123456' })).status).toBe(409);
  });

  it('asks for the code after the password, accepts one step either side, and each code once', async () => {
    const { secret } = await enrolled('bruno');
    const client = new HttpClient(server.url);

    // The enrolment used the current step's code: it is spent.
    const replayed = await client.post<{ detail: string }>('/app/auth/login/two-factor', {
      challenge: await passwordStep(client, 'bruno'),
      code: await codeAt(secret),
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.detail).toBe(SECURITY_TEXTS.wrongCode);
    expect((await client.get('/v1/user/profile')).status).toBe(401);

    // Three steps ahead is outside the window.
    const far = await client.post('/app/auth/login/two-factor', {
      challenge: await passwordStep(client, 'bruno'),
      code: await codeAt(secret, 3),
    });
    expect(far.status).toBe(400);

    // The next step's code (a clock a little ahead) is accepted, and signs in.
    const challenge = await passwordStep(client, 'bruno');
    const next = await client.post('/app/auth/login/two-factor', {
      challenge,
      code: await codeAt(secret, 1),
    });
    expect(next.status).toBe(200);
    expect((await client.get<{ username: string }>('/v1/user/profile')).body.username).toBe('bruno');

    // The same code again, with a fresh challenge, in another browser: refused.
    const other = new HttpClient(server.url);
    const again = await other.post('/app/auth/login/two-factor', {
      challenge: await passwordStep(other, 'bruno'),
      code: await codeAt(secret, 1),
    });
    expect(again.status).toBe(400);
  });

  it('accepts the code of the step before at enrolment (a clock a little behind)', async () => {
    const { browser } = await enrolled('carla', -1);
    expect((await browser.get<TwoFactorStatus>('/app/auth/two-factor')).body.enabled).toBe(true);
  });

  it('refuses a forged or altered challenge', async () => {
    const { secret } = await enrolled('dario');
    const client = new HttpClient(server.url);
    const challenge = await passwordStep(client, 'dario');
    const [id, expires, mac] = challenge.split('.');
    for (const bad of [
      `${id}.${Number(expires) + 60}.${mac}`,
      // One character of the MAC changed (to another one, whatever it was).
      `${id}.${expires}.${mac?.startsWith('A') ? 'B' : 'A'}${mac?.slice(1)}`,
      'nonsense',
    ]) {
      const answer = await client.post<{ detail: string }>('/app/auth/login/two-factor', {
        challenge: bad,
        code: await codeAt(secret, 1),
      });
      expect(answer.status).toBe(401);
      expect(answer.body.detail).toBe(SECURITY_TEXTS.challengeExpired);
    }
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes, browser } = await enrolled('elena');
    const [first = '', second = ''] = recoveryCodes;
    const client = new HttpClient(server.url);
    const used = await client.post('/app/auth/login/two-factor', {
      challenge: await passwordStep(client, 'elena'),
      code: first.toUpperCase(),
    });
    expect(used.status).toBe(200);
    const other = new HttpClient(server.url);
    const reused = await other.post('/app/auth/login/two-factor', {
      challenge: await passwordStep(other, 'elena'),
      code: first,
    });
    expect(reused.status).toBe(400);
    const secondUse = await other.post('/app/auth/login/two-factor', {
      challenge: await passwordStep(other, 'elena'),
      code: second.replace('-', ''),
    });
    expect(secondUse.status).toBe(200);
    expect((await browser.get<TwoFactorStatus>('/app/auth/two-factor')).body.recovery_codes_left).toBe(8);
  });

  it('remembers a device for 30 days when asked, until the password changes', async () => {
    const { secret } = await enrolled('fabio');
    const client = new HttpClient(server.url);
    const answer = await client.post('/app/auth/login/two-factor', {
      challenge: await passwordStep(client, 'fabio'),
      code: await codeAt(secret, 1),
      remember_device: true,
    });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('two_factor_device='));
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/app\/auth\/login/);
    expect((await client.post('/app/auth/logout')).status).toBe(200);
    // The remembered browser signs in with the password alone; another still gets the challenge.
    expect((await client.login('fabio', TEST_PASSWORD)).body).toEqual({});
    expect((await client.get('/v1/user/profile')).status).toBe(200);
    await passwordStep(new HttpClient(server.url), 'fabio');

    const changed = await client.post('/app/auth/change-password', {
      old_password: TEST_PASSWORD,
      password: 'N3w-password',
      confirm: 'N3w-password',
    });
    expect(changed.status).toBe(200);
    await client.post('/app/auth/logout');
    const relogin = await client.login('fabio', 'N3w-password');
    expect((relogin.body as { two_factor_challenge?: string }).two_factor_challenge).toBeTruthy();
  });

  it('throttles wrong codes as wrong passwords are', async () => {
    await enrolled('gino');
    const client = new HttpClient(server.url);
    const challenge = await passwordStep(client, 'gino');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await client.post('/app/auth/login/two-factor', { challenge, code: '000000' })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it("is refused by the clients' API sign-in, which points to personal access tokens", async () => {
    await enrolled('hana');
    const api = new HttpClient(server.url);
    const refused = await api.post<{ detail: string }>('/v1/auth/login', {
      login: 'hana',
      password: TEST_PASSWORD,
    });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe(SECURITY_TEXTS.apiLoginTwoFactor);
    // A wrong password learns nothing of it.
    const wrong = await api.post<{ detail: string }>('/v1/auth/login', {
      login: 'hana',
      password: 'nope-nope',
    });
    expect(wrong.body.detail).toBe(ERROR_TEXTS.invalidCredentials);
  });

  it('is turned off with the password, and new recovery codes need it too', async () => {
    const { browser } = await enrolled('ivan');
    const wrong = await browser.post<{ password: string[] }>('/app/auth/two-factor/disable', {
      password: 'wrong-one',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.password).toEqual([SECURITY_TEXTS.wrongPassword]);
    const codes = await browser.post<{ recovery_codes: string[] }>('/app/auth/two-factor/recovery-codes', {
      password: TEST_PASSWORD,
    });
    expect(codes.status).toBe(200);
    expect(codes.body.recovery_codes).toHaveLength(10);
    expect((await browser.post('/app/auth/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(
      200,
    );
    await browserOf('ivan');
    expect((await browser.post('/app/auth/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(
      409,
    );
  });

  it('can be reset by a superuser only, and the admin panel shows who has it', async () => {
    await enrolled('jana');
    const root = await browserOf('root');
    const user = await root.get<{ two_factor_enabled: boolean }>('/app/admin/user/jana');
    expect(user.body.two_factor_enabled).toBe(true);
    const list = await root.get<{ items: Array<{ username: string; two_factor_enabled: boolean }> }>(
      '/app/admin/users?like=jana',
    );
    expect(list.body.items.map((item) => [item.username, item.two_factor_enabled])).toEqual([['jana', true]]);

    const { browser: other } = await enrolled('karl');
    expect((await other.request('DELETE', '/app/admin/user/jana/two-factor')).status).toBe(403);
    expect((await root.request('DELETE', '/app/admin/user/jana/two-factor')).status).toBe(204);
    expect((await root.request('DELETE', '/app/admin/user/jana/two-factor')).status).toBe(409);
    expect(
      (await root.get<{ two_factor_enabled: boolean }>('/app/admin/user/jana')).body.two_factor_enabled,
    ).toBe(false);
    await browserOf('jana');
  });

  it('can be required by a workspace: its members without it can only turn it on', async () => {
    await server.createUser({ username: 'lena' });
    await server.createUser({ username: 'milo' });
    await server.createUser({ username: 'olaf' });
    const workspace = await server.repos.workspaces.findByName('lena');
    if (!workspace) throw new Error('no workspace lena');
    for (const username of ['milo', 'olaf']) {
      const user = await server.repos.users.findByUsername(username);
      await server.repos.workspaces.upsertMember(workspace.id, user?.id ?? 0, 'writer');
    }
    const lena = await browserOf('lena');
    const milo = await browserOf('milo');
    const olaf = await browserOf('olaf');
    const rule = (client: HttpClient, required: boolean) =>
      client.request<{ detail: string }>('PUT', `/app/workspaces/${workspace.id}/two-factor`, {
        require_two_factor: required,
      });

    // Milo administers his own workspace only.
    const milos = await milo.get<Array<{ name: string }>>('/app/workspaces/two-factor');
    expect(milos.body.map((item) => item.name)).toEqual(['milo']);
    expect((await rule(milo, true)).status).toBe(403);
    const listed = await lena.get<Array<{ id: number; name: string; require_two_factor: boolean }>>(
      '/app/workspaces/two-factor',
    );
    expect(listed.body).toContainEqual({ id: workspace.id, name: 'lena', require_two_factor: false });
    // Lena first turns it on for herself.
    const early = await rule(lena, true);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(SECURITY_TEXTS.ownTwoFactorFirst);
    const lenaSetup = await lena.post<TwoFactorSetup>('/app/auth/two-factor/setup');
    await lena.post('/app/auth/two-factor/enable', { code: await codeAt(lenaSetup.body.secret) });
    const set = await rule(lena, true);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: workspace.id, name: 'lena', require_two_factor: true });

    // Milo and Olaf can now only turn it on.
    const projects = '/v1/project/paginated?page=1&per_page=10';
    const blocked = await milo.get<{ detail: string; code: string }>(projects);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({
      code: 'TwoFactorRequired',
      detail: SECURITY_TEXTS.requiredByWorkspace(['lena']),
    });
    expect((await olaf.post('/v1/project/olaf', { name: 'x' })).status).toBe(403);
    expect((await milo.get('/v1/user/profile')).status).toBe(200);
    expect((await milo.get<TwoFactorStatus>('/app/auth/two-factor')).body.required_by).toEqual(['lena']);
    const apiLogin = await new HttpClient(server.url).post<{ detail: string }>('/v1/auth/login', {
      login: 'milo',
      password: TEST_PASSWORD,
    });
    expect(apiLogin.status).toBe(403);
    expect(apiLogin.body.detail).toBe(SECURITY_TEXTS.requiredByWorkspace(['lena']));

    const setup = await milo.post<TwoFactorSetup>('/app/auth/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(
      (await milo.post('/app/auth/two-factor/enable', { code: await codeAt(setup.body.secret) })).status,
    ).toBe(200);
    expect((await milo.get(projects)).status).toBe(200);
    expect((await lena.get(projects)).status).toBe(200);

    // Lifting the rule frees Olaf at once.
    expect((await olaf.get(projects)).status).toBe(403);
    expect((await rule(lena, false)).status).toBe(200);
    expect((await olaf.get(projects)).status).toBe(200);
  });

  it('leaves personal access tokens working for accounts with it', async () => {
    const { browser } = await enrolled('nora');
    const created = await browser.post<{ token: string }>('/app/auth/tokens', {
      name: 'sync',
      scope: 'write',
      expires_in_days: 7,
    });
    const api = new HttpClient(server.url);
    api.bearer = created.body.token;
    expect((await api.get('/v1/user/profile')).status).toBe(200);
  });
});
