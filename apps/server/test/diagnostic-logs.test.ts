import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@waymark/contract';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * POST /v2/diagnostic-logs (reference `save_diagnostic_log`, what the QGIS plugin's and the client's "send logs"
 * call) and the admin panel's list and download of the logs kept; DIAGNOSTIC_LOGS=false turns the call off (404).
 */

let server: TestServer;
let root: HttpClient;
let user: HttpClient;
let anonymous: HttpClient;

const send = (
  client: HttpClient,
  body: string | Uint8Array,
  query = '?app=input-android-2025.1&username=x',
) => client.request('POST', `/v2/diagnostic-logs${query}`, body, { 'content-type': 'text/plain' });

async function bearer(login: string): Promise<HttpClient> {
  const http = new HttpClient(server.url);
  const answer = await http.post<{ session: { token: string } }>('/v1/auth/login', {
    login,
    password: TEST_PASSWORD,
  });
  http.bearer = answer.body.session.token;
  return http;
}

beforeAll(async () => {
  server = await startTestServer({ DIAGNOSTIC_LOGS_MAX_SIZE: '2048' });
  await server.createUser({ username: 'rooty', isAdmin: true });
  await server.createUser({ username: 'fieldy' });
  root = new HttpClient(server.url);
  await root.login('rooty', TEST_PASSWORD);
  user = await bearer('fieldy');
  anonymous = new HttpClient(server.url);
});
afterAll(() => server.close());

describe('POST /v2/diagnostic-logs', () => {
  it('keeps a plain text log from anyone (200 "Log saved successfully"), named by sender and app', async () => {
    const saved = await send(anonymous, 'anonymous log line\n');
    expect(saved.status).toBe(200);
    expect(saved.body).toBe('Log saved successfully');
    expect((await send(user, 'Python API Client\nfield log ✓\n', '?app=mergin-client-0.13.3')).status).toBe(
      200,
    );

    const listed = await root.get<Array<{ name: string; size: number; created: string }>>(
      '/app/admin/diagnostic-logs',
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const [newest, older] = listed.body;
    expect(newest?.name).toMatch(/_fieldy_mergin-client-0\.13\.3\.log$/);
    expect(older?.name).toMatch(/_anonymous_input-android-2025\.1\.log$/);
    expect(older?.size).toBe(Buffer.byteLength('anonymous log line\n'));

    const download = await root.get<string>(`/app/admin/diagnostic-logs/${newest?.name}`);
    expect(download.status).toBe(200);
    expect(download.body).toBe('Python API Client\nfield log ✓\n');
    expect(download.headers.get('content-disposition')).toContain('attachment');
  });

  it('refuses an empty log, one that is no text, a missing app (400) and one over the size limit (413)', async () => {
    expect((await send(user, '')).status).toBe(400);
    expect((await send(user, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).status).toBe(400);
    expect((await send(user, 'log', '')).status).toBe(400);
    const tooBig = await send(user, 'x'.repeat(4096));
    expect(tooBig.status).toBe(413);
  });
});

describe('the admin panel list and download', () => {
  it('is for superusers: 403 for others, 401 anonymous; unknown and odd names are 404', async () => {
    const session = new HttpClient(server.url);
    await session.login('fieldy', TEST_PASSWORD);
    expect((await session.get('/app/admin/diagnostic-logs')).status).toBe(403);
    expect((await user.get('/app/admin/diagnostic-logs')).status).toBe(403);
    expect((await anonymous.get('/app/admin/diagnostic-logs')).status).toBe(401);
    expect((await root.get('/app/admin/diagnostic-logs/nope.log')).status).toBe(404);
    expect((await root.get('/app/admin/diagnostic-logs/..%2Fsecret.key')).status).toBe(404);
  });
});

describe('DIAGNOSTIC_LOGS=false', () => {
  it("answers the reference's 404 of a route it does not have", async () => {
    const off = await startTestServer({ DIAGNOSTIC_LOGS: 'false' });
    try {
      const response = await send(new HttpClient(off.url), 'a log');
      expect(response.status).toBe(404);
      // The client's own test (test_send_logs) matches this text when the server does not take logs.
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.body).toMatchObject({ detail: ERROR_TEXTS.urlNotFound, title: 'Not Found' });
    } finally {
      await off.close();
    }
  });
});
