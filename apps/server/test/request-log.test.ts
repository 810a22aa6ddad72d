import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/** Structured logs: one JSON line per request with its id, and the same id on every line logged meanwhile. */

type Line = { level: number; msg: string; reqId?: string; [key: string]: unknown };
const INFO = 30;
const DEBUG = 20;

let server: TestServer;
let lines: Line[] = [];
const logTo = { level: 'debug' as const, write: (text: string) => void lines.push(JSON.parse(text) as Line) };

beforeAll(async () => {
  server = await startTestServer({}, { logTo });
  await server.createUser({ username: 'alice' });
});
afterAll(() => server.close());
beforeEach(() => {
  lines = [];
});

/** The lines of one request id, once its request line is written (after the answer was sent). */
async function linesOf(reqId: string): Promise<Line[]> {
  for (let i = 0; i < 50 && !lines.some((l) => l.reqId === reqId && l.msg === 'request'); i += 1) {
    await sleep(20);
  }
  return lines.filter((line) => line.reqId === reqId);
}

describe('request logs', () => {
  it('one info line per request with method, route pattern, status, duration and the request id', async () => {
    const client = new HttpClient(server.url);
    await client.login('alice', TEST_PASSWORD);
    const answer = await client.get('/v1/workspace/999999', { 'X-Request-Id': 'trace-1234.abc' });
    expect(answer.headers.get('x-request-id')).toBe('trace-1234.abc');
    const own = await linesOf('trace-1234.abc');
    const requestLines = own.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: INFO,
      reqId: 'trace-1234.abc',
      method: 'GET',
      route: '/v1/workspace/:id',
      status: answer.status,
    });
    expect(typeof requestLines[0]?.durationMs).toBe('number');
    // Fastify's own "incoming request" / "request completed" lines are off.
    expect(lines.filter((line) => /incoming request|request completed/.test(line.msg))).toEqual([]);
  });

  it('makes up an id when none or an insane one is given, and echoes it', async () => {
    const client = new HttpClient(server.url);
    for (const given of [undefined, 'has space', 'x'.repeat(129), '"quoted"']) {
      const answer = await client.get('/v1/workspaces', given ? { 'X-Request-Id': given } : {});
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const own = await linesOf(id);
      expect(own.filter((line) => line.msg === 'request')).toMatchObject([
        { level: INFO, route: '/v1/workspaces', status: 401 },
      ]);
    }
  });

  it('logs health probes at debug and unmatched paths without their query', async () => {
    const client = new HttpClient(server.url);
    const ping = await client.get('/ping');
    const alive = await client.post('/alive', {});
    for (const answer of [ping, alive]) {
      const own = await linesOf(answer.headers.get('x-request-id') ?? '');
      expect(own.filter((line) => line.msg === 'request')).toMatchObject([{ level: DEBUG, status: 200 }]);
    }
    const missing = await client.get('/v1/nothing/here?token=secret');
    const own = await linesOf(missing.headers.get('x-request-id') ?? '');
    expect(own.filter((line) => line.msg === 'request')).toMatchObject([
      { level: INFO, route: null, path: '/v1/nothing/here', status: 404 },
    ]);
    expect(JSON.stringify(own)).not.toContain('secret');
  });

  it('lines the services log while serving a request carry its id', async () => {
    const other = await startTestServer({}, { logTo });
    try {
      await other.database.close();
      const answer = await new HttpClient(other.url).post('/alive', {}, { 'X-Request-Id': 'db-down-1' });
      expect(answer.status).toBe(503);
      const own = await linesOf('db-down-1');
      expect(own.map((line) => line.msg).sort()).toEqual([
        'health check: the database cannot be reached',
        'request',
      ]);
      expect(own.find((line) => line.msg === 'request')).toMatchObject({ level: DEBUG, status: 503 });
      // Lines of the same service outside any request carry no id.
      await expect(other.context.health.alive()).rejects.toThrow();
      const outside = lines.filter((line) => line.msg === 'health check: the database cannot be reached');
      expect(outside.map((line) => line.reqId)).toEqual(['db-down-1', undefined]);
    } finally {
      await other.close().catch(() => undefined);
      rmSync(other.dataDir, { recursive: true, force: true });
    }
  });
});
