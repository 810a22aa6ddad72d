import { PASSWORD_API_TEXTS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import { manualClock, startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: HttpClient;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // A clock that never moves: what the caches keep (the caller, their two-factor rule) stays kept for the whole
  // file, so the statement counts below do not depend on how slowly the machine runs them (CACHE_SECONDS).
  server = await startTestServer(
    { SMTP_URL: smtp.url, BASE_URL: 'https://maps.example.org' },
    { clock: manualClock() },
  );
  await server.createUser({ username: 'boss1', isAdmin: true });
  await server.createUser({ username: 'plain' });
  admin = new HttpClient(server.url);
  await admin.login('boss1', TEST_PASSWORD);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('POST /v2/users', () => {
  it('creates a user with a personal workspace named after the username, owned by them', async () => {
    const response = await admin.post('/v2/users', {
      email: 'dana@example.com',
      password: TEST_PASSWORD,
      username: 'dana',
      notify_user: false,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      username: 'dana',
      email: 'dana@example.com',
      verified_email: false,
    });

    const dana = new HttpClient(server.url);
    expect((await dana.login('dana', TEST_PASSWORD)).status).toBe(200);
    const workspaces = await dana.get('/v1/workspaces');
    expect(workspaces.body).toEqual([
      {
        id: expect.any(Number),
        name: 'dana',
        storage: 1073741824,
        disk_usage: 0,
        project_count: 0,
        role: 'owner',
      },
    ]);
    const profile = await dana.get<{ preferred_workspace: number; workspaces: Array<{ id: number }> }>(
      '/v1/user/profile',
    );
    expect(profile.body.preferred_workspace).toBe(profile.body.workspaces[0]?.id);
  });

  it('adds the new user to the given workspace with the given role', async () => {
    const team = await server.context.workspaces.create({ name: 'survey-team' });
    const response = await admin.post('/v2/users', {
      email: 'erin@example.com',
      password: TEST_PASSWORD,
      username: 'erin',
      workspace_id: team.id,
      role: 'writer',
    });
    expect(response.status).toBe(201);
    const erin = new HttpClient(server.url);
    await erin.login('erin@example.com', TEST_PASSWORD);
    const names = (await erin.get<Array<{ name: string; role: string }>>('/v1/workspaces')).body;
    expect(names).toEqual([
      expect.objectContaining({ name: 'erin', role: 'owner' }),
      expect.objectContaining({ name: 'survey-team', role: 'writer' }),
    ]);
  });

  it('derives the username from the email when none is given', async () => {
    const response = await admin.post<{ username: string }>('/v2/users', {
      email: 'frank.field@example.com',
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(201);
    expect(response.body.username).toBe('frank.field');
  });

  it('mails the new user over SMTP when notify_user is set', async () => {
    const response = await admin.post('/v2/users', {
      email: 'gina@example.com',
      password: TEST_PASSWORD,
      username: 'gina',
      notify_user: true,
    });
    expect(response.status).toBe(201);
    const mail = smtp.received.find((m) => m.to.includes('gina@example.com'));
    expect(mail?.raw).toContain('Subject: Your Waymark account');
    expect(mail?.raw).toContain('https://maps.example.org/login');
  });

  it('refuses weak passwords, bad emails, bad usernames and duplicates with a detail', async () => {
    const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
      [{ email: 'h@example.com', password: 'short', username: 'hhhh' }, 400, PASSWORD_API_TEXTS.tooShort],
      [{ email: 'h@example.com', password: 'longbutweak', username: 'hhhh' }, 400, PASSWORD_API_TEXTS.weak],
      [{ email: 'not-an-email', password: TEST_PASSWORD, username: 'hhhh' }, 400, 'Invalid email address.'],
      [{ email: 'h@example.com', password: TEST_PASSWORD, username: 'h' }, 400, /Username must be 4 to 50/],
      [
        { email: 'h@example.com', password: TEST_PASSWORD, username: '.dot' },
        400,
        'Username contains invalid characters.',
      ],
      [{ email: 'x@example.com', password: TEST_PASSWORD, username: 'DANA' }, 409, /username already exists/],
      [
        { email: 'DANA@example.com', password: TEST_PASSWORD, username: 'dana2' },
        409,
        /email already exists/,
      ],
      [{ email: 'i@example.com', password: TEST_PASSWORD, username: 'survey-team' }, 409, /Workspace/],
      [
        { email: 'j@example.com', password: TEST_PASSWORD, username: 'jjjj', workspace_id: 999 },
        404,
        /not found/,
      ],
    ];
    for (const [body, status, detail] of cases) {
      const response = await admin.post<{ detail: string }>('/v2/users', body);
      expect({ body, status: response.status }).toEqual({ body, status });
      if (typeof detail === 'string') expect(response.body.detail).toBe(detail);
      if (detail === PASSWORD_API_TEXTS.tooShort || detail === PASSWORD_API_TEXTS.weak)
        expect(response.body).toMatchObject({ password: [detail] });
      else expect(response.body.detail).toMatch(detail);
    }
  });

  it('is only for superusers', async () => {
    const plain = new HttpClient(server.url);
    await plain.login('plain', TEST_PASSWORD);
    const forbidden = await plain.post('/v2/users', { email: 'k@example.com', password: TEST_PASSWORD });
    expect(forbidden.status).toBe(403);
    // The permission is checked before the body, so an invalid body does not change the answer.
    expect((await plain.post('/v2/users', { email: 'not-an-email' })).status).toBe(403);
    const anonymous = await new HttpClient(server.url).post('/v2/users', {
      email: 'k@example.com',
      password: TEST_PASSWORD,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /v1/user/profile', () => {
  it('answers the reference shape for the signed-in user', async () => {
    const client = new HttpClient(server.url);
    await client.login('plain', TEST_PASSWORD);
    const { status, body } = await client.get('/v1/user/profile');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      username: 'plain',
      email: 'plain@example.com',
      verified_email: false,
      receive_notifications: true,
      first_name: null,
      last_name: null,
      name: '',
      can_edit_profile: true,
      workspaces: [{ id: expect.any(Number), name: 'plain', role: 'owner' }],
      invitations: [],
    });
  });

  it("lists the workspaces with one statement after the caller's own lookup, without usage figures", async () => {
    const client = new HttpClient(server.url);
    await client.login('plain', TEST_PASSWORD);
    const { result, queries } = await server.countQueries(() => client.get('/v1/user/profile'));
    expect(result.status).toBe(200);
    expect(queries).toBe(2);
  });

  it('answers 401 without a session or token', async () => {
    const { status, body } = await new HttpClient(server.url).get('/v1/user/profile');
    expect(status).toBe(401);
    expect(body).toMatchObject({ detail: 'Authentication information is missing or invalid.' });
  });
});
