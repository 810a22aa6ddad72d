import { ACCOUNT_TEXTS, ERROR_TEXTS, PASSWORD_API_TEXTS, type UserProfile } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from './http-client.ts';
import { decodedMail, startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, BASE_URL: 'https://maps.example.org' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function signedIn(username: string, password = TEST_PASSWORD): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  expect((await client.login(username, password)).status).toBe(200);
  return client;
}

/** The confirmation token of the last mail to `address`, from its text part and its HTML part alike. */
function confirmationToken(address: string): string {
  const mail = smtp.received.findLast((m) => m.to.includes(address));
  const text = mail ? decodedMail(mail) : '';
  expect(text).toContain('Subject: Confirm your Waymark e-mail address');
  expect(text).toContain('Content-Type: text/html');
  const links = [...text.matchAll(/https:\/\/maps\.example\.org\/confirm-email\/([\w.-]+)/g)].map(
    (m) => m[1],
  );
  expect(links.length).toBeGreaterThanOrEqual(2);
  expect(new Set(links).size).toBe(1);
  return links[0] ?? '';
}

describe('profile', () => {
  it('trims names and address; a new address is unverified and gets a confirmation link that works once', async () => {
    await server.createUser({ username: 'patrick', email: 'patrick@example.com' });
    const pat = await signedIn('patrick');
    const answer = await pat.post('/app/auth/user/profile', {
      first_name: '  Pat ',
      last_name: ' Smith  ',
      email: ' pat.new@example.org ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      first_name: 'Pat',
      last_name: 'Smith',
      name: 'Pat Smith',
      email: 'pat.new@example.org',
      verified_email: false,
    });
    const token = confirmationToken('pat.new@example.org');

    const anyone = new HttpClient(server.url);
    expect(await anyone.post(`/app/auth/confirm-email/${token}`, {})).toMatchObject({ status: 200 });
    const profile = await pat.get<UserProfile>('/v1/user/profile');
    expect(profile.body.verified_email).toBe(true);
    expect(await anyone.post(`/app/auth/confirm-email/${token}`, {})).toMatchObject({
      status: 400,
      body: { detail: ACCOUNT_TEXTS.invalidToken },
    });
  });

  it('refuses a malformed or taken address under the email field and keeps the profile', async () => {
    await server.createUser({ username: 'quin', email: 'quin@example.com' });
    const quin = await signedIn('quin');
    expect(await quin.post('/app/auth/user/profile', { email: 'not an address' })).toMatchObject({
      status: 400,
      body: { email: [ACCOUNT_TEXTS.invalidEmail] },
    });
    expect(await quin.post('/app/auth/user/profile', { email: 'PAT.NEW@example.org' })).toMatchObject({
      status: 400,
      body: { email: [ACCOUNT_TEXTS.emailTaken] },
    });
    const profile = await quin.get<UserProfile>('/v1/user/profile');
    expect(profile.body.email).toBe('quin@example.com');
  });

  it('toggles receive_notifications and clears empty names', async () => {
    await server.createUser({ username: 'rory', email: 'rory@example.com' });
    const rory = await signedIn('rory');
    await rory.post('/app/auth/user/profile', { first_name: 'Rory' });
    const off = await rory.post('/app/auth/user/profile', { receive_notifications: false, first_name: '  ' });
    expect(off.body).toMatchObject({ receive_notifications: false, first_name: null, name: '' });
    const profile = await rory.get<UserProfile>('/v1/user/profile');
    expect(profile.body.receive_notifications).toBe(false);
  });
});

describe('e-mail confirmation', () => {
  it('resends a link to an unverified address; a forged or expired token is refused', async () => {
    await server.createUser({ username: 'sage', email: 'sage@example.com' });
    const sage = await signedIn('sage');
    expect((await sage.post('/app/auth/resend-confirm-email')).status).toBe(200);
    const token = confirmationToken('sage@example.com');
    const [id, expires, signature] = token.split('.');
    const anyone = new HttpClient(server.url);
    for (const bad of [`${id}.${expires}.forged`, `${id}.${Number(expires) + 1}.${signature}`, 'garbage']) {
      expect(await anyone.post(`/app/auth/confirm-email/${bad}`, {})).toMatchObject({
        status: 400,
        body: { detail: ACCOUNT_TEXTS.invalidToken },
      });
    }
    // Issued 12 hours and a second ago: expired.
    const { issueUserToken } = await import('../src/lib/user-token.ts');
    const user = await server.repos.users.findByUsername('sage');
    const old = issueUserToken(
      'test-secret-key-0123456789',
      'confirmEmail',
      { id: user?.id ?? 0, binding: 'sage@example.com|unverified' },
      Date.now() - 12 * 3600 * 1000 - 1000,
    );
    expect((await anyone.post(`/app/auth/confirm-email/${old}`, {})).status).toBe(400);
    expect((await anyone.post(`/app/auth/confirm-email/${token}`, {})).status).toBe(200);
    expect(await sage.get('/app/auth/resend-confirm-email')).toMatchObject({
      status: 409,
      body: { detail: ACCOUNT_TEXTS.alreadyVerified },
    });
  });
});

describe('resending the confirmation needs the CSRF token', () => {
  it('by POST (the web app) and by GET (the reference): a link on another site sends no mail', async () => {
    await server.createUser({ username: 'wren', email: 'wren@example.com' });
    const wren = await signedIn('wren');
    const mailsTo = () => smtp.received.filter((m) => m.to.includes('wren@example.com')).length;
    wren.sendCsrf = false;
    for (const method of ['GET', 'POST']) {
      const forged = await wren.request(method, '/app/auth/resend-confirm-email');
      expect(forged, method).toMatchObject({ status: 400, body: { detail: ERROR_TEXTS.csrfMissing } });
    }
    wren.sendCsrf = true;
    expect((await wren.get('/app/auth/resend-confirm-email')).status).toBe(200);
    await vi.waitFor(() => expect(mailsTo()).toBe(1));
    // An API client with a token (no cookie, nothing a browser sends by itself) needs no CSRF token.
    const login = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'wren',
      password: TEST_PASSWORD,
    });
    const api = new HttpClient(server.url);
    api.bearer = login.body.session.token;
    expect((await api.post('/app/auth/resend-confirm-email')).status).toBe(200);
    await vi.waitFor(() => expect(mailsTo()).toBe(2));
  });
});

describe('change password', () => {
  it('checks the old password, the rule and the confirmation, field by field', async () => {
    await server.createUser({ username: 'tess', email: 'tess@example.com' });
    const tess = await signedIn('tess');
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [
        { old_password: 'Wrong-pass1', password: 'Good-pass-123', confirm: 'Good-pass-123' },
        { old_password: [ACCOUNT_TEXTS.oldPasswordIncorrect] },
      ],
      [
        { old_password: TEST_PASSWORD, password: 'weakpass', confirm: 'weakpass' },
        { password: [PASSWORD_API_TEXTS.weak] },
      ],
      [
        { old_password: TEST_PASSWORD, password: 'Good-pass-123', confirm: 'Good-pass-124' },
        { confirm: [ACCOUNT_TEXTS.mismatch] },
      ],
      [{ old_password: '', password: '', confirm: '' }, { old_password: [ACCOUNT_TEXTS.required] }],
    ];
    for (const [body, fields] of cases) {
      const answer = await tess.post('/app/auth/change-password', body);
      expect({ body, status: answer.status, answer: answer.body }).toMatchObject({
        body,
        status: 400,
        answer: fields,
      });
    }
    expect((await new HttpClient(server.url).login('tess', TEST_PASSWORD)).status).toBe(200);
  });

  it('sets the new password, keeps this session and ends every other session and token', async () => {
    await server.createUser({ username: 'umar', email: 'umar@example.com' });
    const here = await signedIn('umar');
    const elsewhere = await signedIn('umar');
    const token = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'umar',
      password: TEST_PASSWORD,
    });
    const bearer = { Authorization: `Bearer ${token.body.session.token}` };
    const changed = await here.post('/app/auth/change-password', {
      old_password: TEST_PASSWORD,
      password: 'Brand-new-pass1',
      confirm: 'Brand-new-pass1',
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/v1/user/profile')).status).toBe(200);
    expect((await elsewhere.get('/v1/user/profile')).status).toBe(401);
    expect((await new HttpClient(server.url).get('/v1/user/profile', bearer)).status).toBe(401);
    expect((await new HttpClient(server.url).login('umar', TEST_PASSWORD)).status).toBe(401);
    expect((await new HttpClient(server.url).login('umar', 'Brand-new-pass1')).status).toBe(200);
  });
});

describe('close account', () => {
  it('refuses while the user alone owns a workspace with a project, naming it', async () => {
    await server.createUser({ username: 'vera', email: 'vera@example.com' });
    await server.createProject('vera', 'vera', 'survey');
    const vera = await signedIn('vera');
    const refused = await vera.request('DELETE', '/v1/user');
    expect(refused).toMatchObject({ status: 409, body: { detail: ACCOUNT_TEXTS.soleOwner(['vera']) } });
    expect((await vera.get('/v1/user/profile')).status).toBe(200);
  });

  it('ends sign-in, sessions and tokens, drops memberships and personal data, deletes the empty workspace', async () => {
    const created = await server.createUser({ username: 'walt', email: 'walt@example.com' });
    await server.createUser({ username: 'xena', email: 'xena@example.com' });
    const project = await server.createProject('xena', 'xena', 'shared-map');
    await server.repos.projects.setMember(project.id, created.id, 'writer');
    const walt = await signedIn('walt');
    const other = await signedIn('walt');
    await walt.post('/app/auth/user/profile', { first_name: 'Walter' });

    const closed = await walt.request('DELETE', '/v1/user');
    expect(closed.status).toBe(204);
    expect((await other.get('/v1/user/profile')).status).toBe(401);
    expect((await new HttpClient(server.url).login('walt', TEST_PASSWORD)).status).toBe(401);
    expect((await new HttpClient(server.url).login('walt@example.com', TEST_PASSWORD)).status).toBe(401);
    const row = await server.repos.users.findById(created.id);
    expect(row).toMatchObject({ active: false, firstName: null, passwordHash: null });
    expect(row?.email).not.toContain('walt');
    expect(row?.username).not.toContain('walt');
    expect(await server.repos.workspaces.findByName('walt')).toBeUndefined();
    const roles = await server.repos.workspaces.listForUser(created.id);
    expect(roles).toEqual([]);
    // The name and the address are free again.
    expect((await server.createUser({ username: 'walt', email: 'walt@example.com' })).username).toBe('walt');
  });
});
