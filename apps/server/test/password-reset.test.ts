import { PASSWORD_API_TEXTS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_JOB } from '../src/services/password-reset.service.ts';
import { HttpClient } from './http-client.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ SMTP_URL: smtp.url, BASE_URL: 'https://maps.example.org' });
  await server.createUser({ username: 'forgetful', email: 'forgetful@example.com' });
  await server.createUser({ username: 'checker', email: 'checker@example.com' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Asks for a reset link and returns the token from the mail the SMTP peer received. */
async function requestToken(email = 'forgetful@example.com'): Promise<string> {
  const before = smtp.received.length;
  const response = await new HttpClient(server.url).post('/app/auth/reset-password', {
    email: ` ${email.charAt(0).toUpperCase()}${email.slice(1)} `,
  });
  expect(response.status).toBe(200);
  const mail = smtp.received.slice(before).find((m) => m.to.includes(email));
  const text = mail?.raw.replace(/=\r?\n/g, '') ?? '';
  expect(text).toContain('Subject: Reset your Waymark password');
  const match = /https:\/\/maps\.example\.org\/change-password\/([\w.-]+)/.exec(text);
  expect(match).not.toBeNull();
  return match?.[1] ?? '';
}

describe('password reset', () => {
  it('mails a link; the token sets a new password once and signs the user out elsewhere', async () => {
    const elsewhere = new HttpClient(server.url);
    await elsewhere.login('forgetful', TEST_PASSWORD);
    const token = await requestToken();

    const anonymous = new HttpClient(server.url);
    const reset = await anonymous.post(`/app/auth/reset-password/${token}`, {
      password: 'Brand-new-pass1',
      confirm: 'Brand-new-pass1',
    });
    expect(reset.status).toBe(200);
    expect((await new HttpClient(server.url).login('forgetful', TEST_PASSWORD)).status).toBe(401);
    expect((await new HttpClient(server.url).login('forgetful', 'Brand-new-pass1')).status).toBe(200);
    expect((await elsewhere.get('/v1/user/profile')).status).toBe(401);

    const again = await anonymous.post(`/app/auth/reset-password/${token}`, {
      password: 'Another-pass2',
      confirm: 'Another-pass2',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ detail: 'Invalid token' });
  });

  it('answers whether a link still works before any password is typed (GET), without using it', async () => {
    const token = await requestToken('checker@example.com');
    const client = new HttpClient(server.url);
    expect((await client.get(`/app/auth/reset-password/${token}`)).status).toBe(200);
    expect((await client.get(`/app/auth/reset-password/${token}`)).status).toBe(200);
    const [id, expires, signature] = token.split('.');
    for (const bad of [`${id}.${expires}.forged`, 'garbage', `${id}.1.${signature}`]) {
      const response = await client.get(`/app/auth/reset-password/${bad}`);
      expect({ bad, status: response.status, body: response.body }).toMatchObject({
        bad,
        status: 400,
        body: { detail: 'Invalid token' },
      });
    }
    const used = await client.post(`/app/auth/reset-password/${token}`, {
      password: 'Checked-pass1',
      confirm: 'Checked-pass1',
    });
    expect(used.status).toBe(200);
    const after = await client.get(`/app/auth/reset-password/${token}`);
    expect(after.status).toBe(400);
    expect(after.body).toMatchObject({ detail: 'Invalid token' });
    expect((await client.get(`/app/auth/reset-password/${'x'.repeat(600)}`)).status).toBe(400);
  });

  it('checks the new password and its confirmation, field by field', async () => {
    const token = await requestToken();
    const client = new HttpClient(server.url);
    const weak = await client.post(`/app/auth/reset-password/${token}`, {
      password: 'short',
      confirm: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      detail: PASSWORD_API_TEXTS.tooShort,
      password: [PASSWORD_API_TEXTS.tooShort],
    });
    const mismatch = await client.post(`/app/auth/reset-password/${token}`, {
      password: 'Good-pass-123',
      confirm: 'Good-pass-124',
    });
    expect(mismatch.body).toMatchObject({
      detail: 'Passwords do not match.',
      confirm: ['Passwords do not match.'],
    });
  });

  it('refuses forged, malformed and expired tokens', async () => {
    const token = await requestToken();
    const [id, expires] = token.split('.');
    const client = new HttpClient(server.url);
    for (const bad of [`${id}.${expires}.forged`, 'garbage', `${id}.1.${token.split('.')[2]}`]) {
      const response = await client.post(`/app/auth/reset-password/${bad}`, {
        password: 'Good-pass-123',
        confirm: 'Good-pass-123',
      });
      expect({ bad, status: response.status, body: response.body }).toMatchObject({
        bad,
        status: 400,
        body: { detail: 'Invalid token' },
      });
    }
  });

  it('answers every address alike and mails only real, active accounts', async () => {
    await server.createUser({ username: 'dormant', email: 'dormant@example.com' });
    await server.createUser({ username: 'active', email: 'active@example.com' });
    const dormant = await server.repos.users.findByUsername('dormant');
    await server.repos.users.update(dormant?.id ?? 0, { active: false });
    const before = smtp.received.length;
    const answers = [];
    for (const email of ['who@example.com', 'dormant@example.com', 'active@example.com']) {
      const response = await new HttpClient(server.url).post('/app/auth/reset-password', { email });
      answers.push({ status: response.status, body: response.body });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, body: {} }));
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([['active@example.com']]);
    expect((await new HttpClient(server.url).post('/app/auth/reset-password', {})).status).toBe(400);
  });

  it('leaves the account lookup to a job: known and unknown addresses cost the request the same', async () => {
    await server.createUser({ username: 'queued', email: 'queued@example.com' });
    const sent: Array<{ name: string; data: unknown }> = [];
    server.context.jobs.attach({
      attached: true,
      send: async (name, data) => {
        sent.push({ name, data });
      },
    });
    const queries: number[] = [];
    try {
      for (const email of ['nobody@example.com', 'queued@example.com']) {
        const counted = await server.countQueries(() =>
          new HttpClient(server.url).post('/app/auth/reset-password', { email }),
        );
        expect(counted.result.status).toBe(200);
        queries.push(counted.queries);
      }
    } finally {
      server.context.jobs.attach(undefined);
    }
    expect(queries[0]).toBe(queries[1]);
    expect(sent).toEqual([
      { name: PASSWORD_RESET_JOB, data: { email: 'nobody@example.com', ip: expect.any(String) } },
      { name: PASSWORD_RESET_JOB, data: { email: 'queued@example.com', ip: expect.any(String) } },
    ]);

    // The job does the rest: only the real account gets a mail.
    const before = smtp.received.length;
    for (const job of sent) await server.context.passwordReset.handleRequest(job.data);
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([['queued@example.com']]);
  });
});
