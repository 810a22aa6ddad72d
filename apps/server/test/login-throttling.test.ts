import { LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../src/services/auth.service.ts';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

let server: TestServer;

// The server trusts one proxy hop here (TRUST_PROXY=true), so each test signs in from addresses of its own: the
// last address of X-Forwarded-For, the one a reverse proxy appends.
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  await server.createUser({ username: 'alice' });
});
afterAll(() => server.close());

/** POST /v1/auth/login as seen from `ip`; answers the status. */
async function login(ip: string, loginName: string, password: string): Promise<number> {
  const response = await new HttpClient(server.url).post(
    '/v1/auth/login',
    { login: loginName, password },
    { 'X-Forwarded-For': ip },
  );
  return response.status;
}

/**
 * What a reverse proxy in front of the server passes on (nginx: `$proxy_add_x_forwarded_for`): whatever the
 * client sent, then the client's real address. An attacker rotates the part they write.
 */
const rotatingForwardedFor = (realIp: string) =>
  `${randomIp()}, 203.0.113.${Math.floor(Math.random() * 250)}, ${realIp}`;
const randomIp = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join('.');

/** Failed sign-ins over enough accounts to pass the per-IP limit (no account passes its own); the statuses. */
async function sprayFrom(target: TestServer, prefix: string, forwardedFor: () => string): Promise<number[]> {
  const accountsNeeded = Math.ceil(LOGIN_LIMITS.perIp / LOGIN_LIMITS.perAccount) + 1;
  const names = Array.from({ length: accountsNeeded }, (_, i) => `${prefix}${i}`);
  for (const username of names) await target.createUser({ username });
  const attempts = names.flatMap((name) =>
    Array.from({ length: LOGIN_LIMITS.perAccount }, (_, i) => ({ name, password: `Wrong-${i}` })),
  );
  return Promise.all(
    attempts.map(async ({ name, password }) => {
      const answer = await new HttpClient(target.url).post(
        '/v1/auth/login',
        { login: name, password },
        { 'X-Forwarded-For': forwardedFor() },
      );
      return answer.status;
    }),
  );
}

/** How many of the statuses are `status`. */
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('login throttling', () => {
  it('answers 429 after too many failures for one account, even with the right password', async () => {
    await server.createUser({ username: 'target' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect(await login('10.0.1.1', 'target', `Wrong-${i}`)).toBe(401);
    }
    const client = new HttpClient(server.url);
    const blocked = await client.post(
      '/v1/auth/login',
      { login: 'TARGET', password: TEST_PASSWORD },
      { 'X-Forwarded-For': '10.0.1.1' },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ detail: 'Too many login attempts. Please try again later.' });
    // Other accounts from the same address are unaffected.
    expect(await login('10.0.1.1', 'alice', TEST_PASSWORD)).toBe(200);
  });

  it('reserves each attempt before the password is checked: of 15 parallel guesses only the limit are tried', async () => {
    await server.createUser({ username: 'racer' });
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(`10.0.2.${i + 1}`, 'racer', `Wrong-${i}`)),
    );
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.perAccount);
    expect(count(statuses, 429)).toBe(15 - LOGIN_LIMITS.perAccount);
    expect(await login('10.0.2.99', 'racer', TEST_PASSWORD)).toBe(429);
  });

  it('counts failures per account, whether the username or the e-mail address names it', async () => {
    await server.createUser({ username: 'twofaced', email: 'Two.Faced@example.com' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect(await login('10.0.3.1', 'twofaced', `Wrong-${i}`)).toBe(401);
    }
    expect(await login('10.0.3.2', 'two.faced@EXAMPLE.com', 'Wrong-x')).toBe(429);
    expect(await login('10.0.3.3', ' TWO.FACED@example.com ', TEST_PASSWORD)).toBe(429);
  });

  it('counts failures for unknown logins per normalised login string', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect(await login('10.0.4.1', 'Ghost', `Wrong-${i}`)).toBe(401);
    }
    expect(await login('10.0.4.2', ' ghost ', 'Wrong-x')).toBe(429);
    expect(await login('10.0.4.2', 'ghost2', 'Wrong-x')).toBe(401);
  });

  it('limits failures per IP address across accounts, also in parallel', async () => {
    const accountsNeeded = Math.ceil(LOGIN_LIMITS.perIp / LOGIN_LIMITS.perAccount) + 1;
    const names = Array.from({ length: accountsNeeded }, (_, i) => `sprayed${i}`);
    for (const username of names) await server.createUser({ username });
    // Every account stays within its own limit; only the address goes over.
    const attempts = names.flatMap((name) =>
      Array.from({ length: LOGIN_LIMITS.perAccount }, (_, i) => ({ name, password: `Wrong-${i}` })),
    );
    const statuses = await Promise.all(attempts.map((a) => login('10.0.5.1', a.name, a.password)));
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.perIp);
    expect(count(statuses, 429)).toBe(attempts.length - LOGIN_LIMITS.perIp);
    expect(await login('10.0.5.1', 'alice', TEST_PASSWORD)).toBe(429);
    expect(await login('10.0.5.2', 'alice', TEST_PASSWORD)).toBe(200);
    // Dozens of password hashes: on a loaded 2-core machine this takes longer than the default 30 s.
  }, 120_000);

  it('behind one trusted hop (TRUST_PROXY=true), a rotating X-Forwarded-For still meets the per-IP limit', async () => {
    const statuses = await sprayFrom(server, 'rotator', () => rotatingForwardedFor('10.0.7.1'));
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.perIp);
    expect(count(statuses, 429)).toBe(statuses.length - LOGIN_LIMITS.perIp);
    expect(await login(rotatingForwardedFor('10.0.7.1'), 'alice', TEST_PASSWORD)).toBe(429);
    expect(await login(rotatingForwardedFor('10.0.7.2'), 'alice', TEST_PASSWORD)).toBe(200);
  }, 120_000);

  it('refuses an over-long login or password with 400 before any lookup, and counts no attempt', async () => {
    await server.createUser({ username: 'longpass' });
    const client = new HttpClient(server.url);
    const headers = { 'X-Forwarded-For': '10.0.9.1' };
    const longLogin = await client.post<{ detail: string }>(
      '/v1/auth/login',
      { login: 'a'.repeat(LOGIN_MAX_LENGTH + 1), password: 'x' },
      headers,
    );
    expect(longLogin.status).toBe(400);
    expect(longLogin.body.detail).toContain(`at most ${LOGIN_MAX_LENGTH} characters`);
    for (let i = 0; i <= LOGIN_LIMITS.perAccount; i += 1) {
      const longPassword = await client.post<{ detail: string }>(
        '/app/auth/login',
        { login: 'longpass', password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) },
        headers,
      );
      expect(longPassword.status).toBe(400);
      expect(longPassword.body.detail).toContain(`at most ${PASSWORD_MAX_LENGTH} characters`);
    }
    // More refusals than the account limit, yet none counted: the right password still signs in.
    expect(await login('10.0.9.1', 'longpass', TEST_PASSWORD)).toBe(200);
  });

  it('does not count successful sign-ins as failures', async () => {
    await server.createUser({ username: 'regular' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect(await login('10.0.6.1', 'regular', TEST_PASSWORD)).toBe(200);
    }
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect(await login('10.0.6.1', 'regular', `Wrong-${i}`)).toBe(401);
    }
    expect(await login('10.0.6.1', 'regular', TEST_PASSWORD)).toBe(429);
  });
});

describe('login throttling behind proxies named by address (TRUST_PROXY=127.0.0.1, ::1)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    // The tests connect from loopback: the connection is the trusted proxy's.
    proxied = await startTestServer({ TRUST_PROXY: '127.0.0.1, ::1' });
    await proxied.createUser({ username: 'alice' });
  });
  afterAll(() => proxied.close());

  it('takes the address the proxy appended: a rotating X-Forwarded-For still meets the per-IP limit', async () => {
    const statuses = await sprayFrom(proxied, 'listed', () => rotatingForwardedFor('10.0.8.1'));
    expect(count(statuses, 401)).toBe(LOGIN_LIMITS.perIp);
    expect(count(statuses, 429)).toBe(statuses.length - LOGIN_LIMITS.perIp);
    const fromElsewhere = await new HttpClient(proxied.url).post(
      '/v1/auth/login',
      { login: 'alice', password: TEST_PASSWORD },
      { 'X-Forwarded-For': rotatingForwardedFor('10.0.8.2') },
    );
    expect(fromElsewhere.status).toBe(200);
  }, 120_000);
});
