import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push, startPush, uploadChunk } from './push-helper.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/** Prometheus metrics at /metrics: who may read them, and that each one counts what it says. */

const TOKEN = 'metrics-token-0123456789';

let server: TestServer;
let owner: HttpClient;

beforeAll(async () => {
  const closed = await startSmtpPeer();
  await closed.close();
  server = await startTestServer(
    // Mail to an SMTP port where nobody listens: the one try fails and the mail goes to its dead-letter queue.
    { SMTP_URL: `smtp://127.0.0.1:${closed.port}`, MAIL_RETRY_LIMIT: '0' },
    { jobs: true },
  );
  await server.createUser({ username: 'alice' });
  owner = new HttpClient(server.url);
  await owner.login('alice', TEST_PASSWORD);
  expect((await owner.post('/v1/project/alice', { name: 'metered' })).status).toBe(200);
});
afterAll(() => server.close());

/** Scrapes and returns the value of one series (`name{labels}` exactly as exposed), undefined when absent. */
async function scrape(): Promise<string> {
  const answer = await new HttpClient(server.url).get<string>('/metrics');
  expect(answer.status).toBe(200);
  return answer.body;
}
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('access to /metrics', () => {
  it('without METRICS_TOKEN: a direct client on this machine only, never one relayed by a proxy', async () => {
    const direct = await new HttpClient(server.url).get<string>('/metrics');
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(direct.body).toContain('# TYPE http_requests_total counter');
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
      const relayed = await new HttpClient(server.url).get('/metrics', { [header]: '203.0.113.7' });
      expect(relayed).toMatchObject({
        status: 403,
        body: { detail: 'Metrics are served to this machine only, unless METRICS_TOKEN is set.' },
      });
    }
  });

  it('with METRICS_TOKEN: only with that Bearer token, from anywhere', async () => {
    const guarded = await startTestServer({ METRICS_TOKEN: TOKEN });
    try {
      const client = new HttpClient(guarded.url);
      const refused: Array<Record<string, string>> = [
        {},
        { Authorization: 'Bearer wrong-token-0123456789' },
        { Authorization: TOKEN },
      ];
      for (const headers of refused) {
        expect(await client.get('/metrics', headers)).toMatchObject({
          status: 401,
          body: { detail: 'Metrics need the METRICS_TOKEN as a Bearer token.' },
        });
      }
      const relayed = await client.get<string>('/metrics', {
        Authorization: `Bearer ${TOKEN}`,
        'X-Forwarded-For': '203.0.113.7',
      });
      expect(relayed.status).toBe(200);
      expect(relayed.body).toContain('http_request_duration_seconds_bucket');
    } finally {
      await guarded.close();
    }
  });
});

describe('what the metrics count', () => {
  it('requests by method, route pattern and status, with a latency histogram', async () => {
    const before = await scrape();
    const series = 'http_requests_total{method="GET",route="/v1/project/:namespace/:name",status="200"}';
    const missing = 'http_requests_total{method="GET",route="/v1/project/:namespace/:name",status="404"}';
    for (let i = 0; i < 3; i += 1) expect((await owner.get('/v1/project/alice/metered')).status).toBe(200);
    expect((await owner.get('/v1/project/alice/nothing')).status).toBe(404);
    const after = await scrape();
    expect((valueOf(after, series) ?? 0) - (valueOf(before, series) ?? 0)).toBe(3);
    expect((valueOf(after, missing) ?? 0) - (valueOf(before, missing) ?? 0)).toBe(1);
    // Raw addresses never become labels.
    expect(after).not.toContain('alice/metered');
    const count = valueOf(
      after,
      'http_request_duration_seconds_count{method="GET",route="/v1/project/:namespace/:name",status="200"}',
    );
    expect(count).toBeGreaterThanOrEqual(3);
    await new HttpClient(server.url).get('/no/such/path');
    expect(await scrape()).toMatch(/http_requests_total\{method="GET",route="unmatched",status="\d+"\} \d+/);
  });

  it('bytes pushed through chunks (v1 and v2) and bytes downloaded', async () => {
    const content = Buffer.alloc(300_000, 7);
    const pushed = 'waymark_pushed_bytes_total';
    const downloaded = 'waymark_downloaded_bytes_total';
    const before = await scrape();
    await push(owner, 'alice/metered', {
      version: 'v0',
      added: [{ path: 'data.bin', content }],
      chunkSize: 100_000,
    });
    const project = await owner.get<{ id: string }>('/v1/project/alice/metered');
    const v2 = await owner.post(`/v2/projects/${project.body.id}/chunks`, new Uint8Array(Buffer.alloc(1234)));
    expect(v2.status).toBe(200);
    const middle = await scrape();
    expect((valueOf(middle, pushed) ?? 0) - (valueOf(before, pushed) ?? 0)).toBe(300_000 + 1234);
    const raw = await owner.get('/v1/project/raw/alice/metered?file=data.bin');
    expect(raw.status).toBe(200);
    const after = await scrape();
    const sent = (valueOf(after, downloaded) ?? 0) - (valueOf(middle, downloaded) ?? 0);
    // The body and its headers.
    expect(sent).toBeGreaterThanOrEqual(300_000);
    expect(sent).toBeLessThan(300_000 + 4096);
  });

  it('open pushes (from the database) and chunk uploads in progress', async () => {
    expect(valueOf(await scrape(), 'waymark_pushes_open')).toBe(0);
    const started = await startPush(owner, 'alice/metered', {
      version: 'v1',
      added: [{ path: 'more.txt', content: 'more' }],
    });
    const transaction = started.response.body.transaction ?? '';
    expect(valueOf(await scrape(), 'waymark_pushes_open')).toBe(1);
    // A chunk whose body is still arriving counts as in progress until its answer.
    const slow = new TransformStream<Uint8Array, Uint8Array>();
    const writer = slow.writable.getWriter();
    const chunkId = started.entries[0]?.chunks[0] ?? '';
    const uploading = fetch(`${server.url}/v1/project/push/chunk/${transaction}/${chunkId}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await bearerOf('alice')}`,
        'content-type': 'application/octet-stream',
      },
      body: slow.readable,
      duplex: 'half',
    } as RequestInit);
    await writer.write(new TextEncoder().encode('mo'));
    await until(
      async () => (valueOf(await scrape(), 'waymark_chunk_uploads_in_progress') === 1 ? true : undefined),
      'the chunk upload in progress',
    );
    await writer.write(new TextEncoder().encode('re'));
    await writer.close();
    expect((await uploading).status).toBe(200);
    await until(
      async () => (valueOf(await scrape(), 'waymark_chunk_uploads_in_progress') === 0 ? true : undefined),
      'the chunk upload to end',
    );
    expect((await owner.post(`/v1/project/push/cancel/${transaction}`)).status).toBe(200);
    expect(valueOf(await scrape(), 'waymark_pushes_open')).toBe(0);
    // The same chunk route, only refused: the gauge goes back down all the same.
    expect((await uploadChunk(owner, transaction, chunkId, Buffer.from('x'))).status).toBe(404);
    expect(valueOf(await scrape(), 'waymark_chunk_uploads_in_progress')).toBe(0);
  });

  it('job queue depth and failures, and the database pool', async () => {
    const text = await scrape();
    for (const queue of [
      'mail',
      'mail-failed',
      'changesets',
      'housekeeping',
      'upload-cleanup',
      'password-reset',
    ]) {
      expect(valueOf(text, `waymark_job_queue_depth{queue="${queue}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(text, 'waymark_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    const failuresBefore = valueOf(text, 'waymark_job_failures_total{queue="mail"}') ?? 0;
    // A reset link: its mail's only try fails (no SMTP server) and the mail lands in the dead-letter queue.
    expect(
      (await new HttpClient(server.url).post('/app/auth/reset-password', { email: 'alice@example.com' }))
        .status,
    ).toBe(200);
    const after = await until(async () => {
      const now = await scrape();
      return (valueOf(now, 'waymark_job_queue_depth{queue="mail-failed"}') ?? 0) >= 1 ? now : undefined;
    }, 'the failed mail in its dead-letter queue');
    expect(valueOf(after, 'waymark_job_failures_total{queue="mail"}')).toBe(failuresBefore + 1);
  });
});

async function bearerOf(username: string): Promise<string> {
  const login = await new HttpClient(server.url).post<{ session: { token: string } }>('/v1/auth/login', {
    login: username,
    password: TEST_PASSWORD,
  });
  return login.body.session.token;
}
