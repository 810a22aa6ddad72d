import { type AdminSsoStatus, type IdentityList, SSO_TEXTS, type SsoLinkStart } from '@waymark/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoStates } from '../src/db/schema.ts';
import { freePort } from './free-port.ts';
import { HttpClient } from './http-client.ts';
import { signInAtProvider, startOidcProvider } from './oidc-provider.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  const serverPort = await freePort();
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  provider = await startOidcProvider({
    clientId: 'waymark',
    clientSecret: 'waymark-client-secret',
    redirectUris: [`${serverUrl}/app/auth/sso/callback`],
    accounts: {
      ines: { preferred_username: 'ines.sso' },
      zoe: { preferred_username: 'Zoë S!', email: 'zoe@example.org' },
      outsider: { email: 'outsider@elsewhere.com' },
      unverified: { email_verified: false },
    },
  });
  server = await startTestServer(
    {
      BASE_URL: serverUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'waymark',
      OIDC_CLIENT_SECRET: 'waymark-client-secret',
      OIDC_NAME: 'Example ID',
      OIDC_CREATE_USERS: 'true',
      OIDC_DEFAULT_WORKSPACE: 'Field Team',
      OIDC_DEFAULT_ROLE: 'writer',
      OIDC_ALLOWED_DOMAINS: 'example.org, example.com',
    },
    { port: serverPort },
  );
  await server.createUser({ username: 'root', isAdmin: true });
  await server.repos.workspaces.insert({ name: 'Field Team', storage: 1_000_000 });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** The way back from the provider, as a path of the server (what the browser requests next). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** A browser starting single sign-on: answers the provider's URL the server redirects to. */
async function start(browser: HttpClient, redirect?: string): Promise<string> {
  const answer = await browser.step(
    `/app/auth/sso/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
  );
  expect(answer.status).toBe(302);
  return answer.headers.get('location') ?? '';
}

/** Signs `login` in at the provider in a new browser; answers the browser and the server's last redirect. */
async function signIn(login: string, redirect?: string) {
  const browser = new HttpClient(server.url);
  const back = await signInAtProvider(await start(browser, redirect), login);
  const answer = await browser.step(pathOf(back));
  expect(answer.status).toBe(302);
  // What the web app does on loading: its CSRF token for the session's writes.
  await browser.get('/app/init');
  return { browser, back, location: answer.headers.get('location') ?? '' };
}

async function profileOf(browser: HttpClient) {
  return browser.get<{ username: string; email: string }>('/v1/user/profile');
}

describe('single sign-on', () => {
  it('says on /config that it is on, under its name', async () => {
    const config = await new HttpClient(server.url).get<{ sso_name?: string; password_login?: boolean }>(
      '/config',
    );
    expect(config.body).toMatchObject({ sso_name: 'Example ID', password_login: true });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const url = new URL(await start(new HttpClient(server.url)));
    expect(url.origin).toBe(provider.issuer);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/app/auth/sso/callback`);
  });

  it('creates an unknown user on first sign-in, in the default workspace, and signs them in again later', async () => {
    const first = await signIn('ines', '/projects');
    expect(first.location).toBe('/projects');
    const profile = await profileOf(first.browser);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ username: 'ines.sso', email: 'ines@example.org' });
    const user = await server.repos.users.findByUsername('ines.sso');
    expect(user?.passwordHash).toBeNull();
    expect(user?.verifiedEmail).toBe(true);
    const team = await server.repos.workspaces.findByName('Field Team');
    const memberships = await server.repos.workspaces.listForUser(user?.id ?? 0);
    expect(memberships.find((row) => row.id === team?.id)?.role).toBe('writer');

    const again = await signIn('ines');
    expect(again.location).toBe('/');
    expect((await profileOf(again.browser)).body).toMatchObject({ username: 'ines.sso' });
    const identities = await again.browser.get<IdentityList>('/app/auth/identities');
    expect(identities.body).toMatchObject({
      has_password: false,
      can_link: true,
      provider_name: 'Example ID',
    });
    expect(identities.body.identities).toHaveLength(1);
    expect(identities.body.identities[0]?.last_used).toBeTruthy();
  });

  it('makes a valid, unique username from the claim', async () => {
    await server.createUser({ username: 'ZoëS' });
    const { browser } = await signIn('zoe');
    expect((await profileOf(browser)).body.username).toBe('ZoëS1');
  });

  it('asks for the second factor of a user with two-factor sign-in on', async () => {
    const { browser } = await signIn('zoe');
    const setup = await browser.post<{ secret: string }>('/app/auth/two-factor/setup');
    const now = () => Math.floor(Date.now() / 1000);
    await browser.post('/app/auth/two-factor/enable', {
      code: await generate({ secret: setup.body.secret, epoch: now() - 30 }),
    });

    const next = await signIn('zoe', '/projects');
    expect(next.location).toMatch(/^\/login\?redirect=%2Fprojects#two_factor=/);
    expect((await profileOf(next.browser)).status).toBe(401);
    const challenge = decodeURIComponent(next.location.split('#two_factor=')[1] ?? '');
    const second = await next.browser.post('/app/auth/login/two-factor', {
      challenge,
      code: await generate({ secret: setup.body.secret, epoch: now() }),
      remember_device: false,
    });
    expect(second.status).toBe(200);
    expect((await profileOf(next.browser)).body.username).toBe('ZoëS1');
  });

  it('refuses an unknown user when users are not created', async () => {
    const oidc = server.context.config.oidc;
    if (!oidc) throw new Error('not configured');
    const createUsers = oidc.createUsers;
    oidc.createUsers = undefined;
    try {
      const { location, browser } = await signIn('newbie');
      expect(location).toBe('/login?sso_error=not_linked');
      expect((await profileOf(browser)).status).toBe(401);
      expect(await server.repos.users.findByEmail('newbie@example.org')).toBeUndefined();
    } finally {
      oidc.createUsers = createUsers;
    }
  });

  it('refuses an e-mail of a domain not allowed, and one the provider has not verified', async () => {
    expect((await signIn('outsider')).location).toBe('/login?sso_error=domain');
    expect((await signIn('unverified')).location).toBe('/login?sso_error=domain');
  });

  it('refuses a replayed state', async () => {
    const browser = new HttpClient(server.url);
    const back = pathOf(await signInAtProvider(await start(browser), 'ines'));
    expect((await browser.step(back)).headers.get('location')).toBe('/');
    const replay = await new HttpClient(server.url).step(back);
    expect(replay.headers.get('location')).toBe('/login?sso_error=expired');
    const unknown = await new HttpClient(server.url).step('/app/auth/sso/callback?state=forged&code=x');
    expect(unknown.headers.get('location')).toBe('/login?sso_error=expired');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const browser = new HttpClient(server.url);
    const authorization = await start(browser);
    const state = new URL(authorization).searchParams.get('state') ?? '';
    await server.database.db
      .update(ssoStates)
      .set({ nonce: 'another-nonce' })
      .where(eq(ssoStates.state, state));
    const back = await signInAtProvider(authorization, 'ines');
    const answer = await browser.step(pathOf(back));
    expect(answer.headers.get('location')).toBe('/login?sso_error=failed');
    expect((await profileOf(browser)).status).toBe(401);
  });

  it('refuses an expired code', async () => {
    const browser = new HttpClient(server.url);
    const back = await signInAtProvider(await start(browser), 'ines');
    provider.expireCodes();
    expect((await browser.step(pathOf(back))).headers.get('location')).toBe('/login?sso_error=failed');
  });

  it('refuses an error from the provider and a sign-in started too long ago', async () => {
    const browser = new HttpClient(server.url);
    const state = new URL(await start(browser)).searchParams.get('state') ?? '';
    const denied = await browser.step(`/app/auth/sso/callback?state=${state}&error=access_denied`);
    expect(denied.headers.get('location')).toBe('/login?sso_error=failed');

    const old = new URL(await start(browser)).searchParams.get('state') ?? '';
    await server.database.db
      .update(ssoStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoStates.state, old));
    const stale = await browser.step(`/app/auth/sso/callback?state=${old}&code=x`);
    expect(stale.headers.get('location')).toBe('/login?sso_error=expired');
  });

  it('refuses a deactivated user', async () => {
    const user = await server.repos.users.findByUsername('ines.sso');
    await server.repos.users.update(user?.id ?? 0, { active: false });
    try {
      expect((await signIn('ines')).location).toBe('/login?sso_error=deactivated');
    } finally {
      await server.repos.users.update(user?.id ?? 0, { active: true });
    }
  });

  it('never links an existing account by e-mail; its owner links it from the profile, and unlinks it', async () => {
    await server.createUser({ username: 'carl', email: 'carl@example.org' });
    expect((await signIn('carl')).location).toBe('/login?sso_error=email_taken');

    const browser = new HttpClient(server.url);
    expect((await browser.login('carl', TEST_PASSWORD)).status).toBe(200);
    const link = await browser.post<SsoLinkStart>('/app/auth/sso/link');
    expect(link.status).toBe(200);
    const back = await signInAtProvider(link.body.authorization_url, 'carl');
    expect((await browser.step(pathOf(back))).headers.get('location')).toBe('/profile?sso_linked=1');

    const viaSso = await signIn('carl');
    expect((await profileOf(viaSso.browser)).body.username).toBe('carl');

    // The same provider account cannot be linked to a second user.
    const other = new HttpClient(server.url);
    await server.createUser({ username: 'dora' });
    await other.login('dora', TEST_PASSWORD);
    const otherLink = await other.post<SsoLinkStart>('/app/auth/sso/link');
    const otherBack = await signInAtProvider(otherLink.body.authorization_url, 'carl');
    expect((await other.step(pathOf(otherBack))).headers.get('location')).toBe(
      '/profile?sso_error=linked_elsewhere',
    );

    const list = await browser.get<IdentityList>('/app/auth/identities');
    expect(list.body).toMatchObject({ has_password: true });
    const id = list.body.identities[0]?.id ?? 0;
    expect((await browser.request('DELETE', `/app/auth/identities/${id}`)).status).toBe(204);
    expect((await signIn('carl')).location).toBe('/login?sso_error=email_taken');
  });

  it('never unlinks the last way to sign in', async () => {
    const { browser } = await signIn('ines');
    const list = await browser.get<IdentityList>('/app/auth/identities');
    const answer = await browser.request<{ detail: string }>(
      'DELETE',
      `/app/auth/identities/${list.body.identities[0]?.id ?? 0}`,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toBe(SSO_TEXTS.lastSignIn);
  });

  it('lets a user made by single sign-on use the Mergin API with a personal access token', async () => {
    const { browser } = await signIn('ines');
    const created = await browser.post<{ token: string }>('/app/auth/tokens', {
      name: 'QGIS',
      scope: 'write',
      expires_in_days: 30,
    });
    expect(created.status).toBe(201);
    const client = new HttpClient(server.url);
    client.bearer = created.body.token;
    expect((await profileOf(client)).body).toMatchObject({ username: 'ines.sso' });
  });

  it('with PASSWORD_LOGIN=false refuses the password of everyone but superusers', async () => {
    const carl = new HttpClient(server.url);
    await carl.login('carl', TEST_PASSWORD);
    const link = await carl.post<SsoLinkStart>('/app/auth/sso/link');
    await carl.step(pathOf(await signInAtProvider(link.body.authorization_url, 'carl')));
    server.context.config.passwordLogin = false;
    try {
      const web = await new HttpClient(server.url).login('carl', TEST_PASSWORD);
      expect(web.status).toBe(403);
      expect(web.body).toMatchObject({ detail: SSO_TEXTS.passwordLoginOff });
      const api = await new HttpClient(server.url).post('/v1/auth/login', {
        login: 'carl',
        password: TEST_PASSWORD,
      });
      expect(api.status).toBe(403);
      expect((await new HttpClient(server.url).login('carl', 'wrong-pass1')).status).toBe(401);
      expect((await new HttpClient(server.url).login('root', TEST_PASSWORD)).status).toBe(200);
      const config = await new HttpClient(server.url).get('/config');
      expect(config.body).toMatchObject({ password_login: false });
      // A password that no longer signs in is no way in: the only link stays.
      const list = await carl.get<IdentityList>('/app/auth/identities');
      expect(list.body.has_password).toBe(false);
      const unlink = await carl.request('DELETE', `/app/auth/identities/${list.body.identities[0]?.id ?? 0}`);
      expect(unlink.status).toBe(409);
    } finally {
      server.context.config.passwordLogin = true;
    }
  });

  it('shows superusers its settings, whether the provider answers and how many are linked', async () => {
    const admin = new HttpClient(server.url);
    await admin.login('root', TEST_PASSWORD);
    const status = await admin.get<AdminSsoStatus>('/app/admin/sso');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      configured: true,
      provider_name: 'Example ID',
      issuer: provider.issuer,
      client_id: 'waymark',
      create_users: true,
      default_workspace: 'Field Team',
      default_role: 'writer',
      allowed_domains: ['example.org', 'example.com'],
      provider_reachable: true,
      linked_users: 3,
    });
    expect(JSON.stringify(status.body)).not.toContain('waymark-client-secret');
  });
});
