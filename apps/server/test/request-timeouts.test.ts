import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let sender: (head: string, pieces: string[], options: SendOptions) => Promise<Outcome>;

// Small limits so the suite runs in seconds: headers within 1 s, then at least 1 KiB of body every second.
beforeAll(async () => {
  server = await startTestServer({
    HEADERS_TIMEOUT_SECONDS: '1',
    BODY_RATE_WINDOW_SECONDS: '1',
    BODY_MIN_BYTES_PER_SECOND: '1024',
    REQUEST_TIMEOUT_SECONDS: '60',
  });
  sender = (...args) => send(server.url, ...args);
});
afterAll(() => server.close());

/**
 * How long a test waits for the server to cut a slow request: the limits here cut within 1-3 s; without them
 * nothing would before Node's own timeouts (headers 60 s) or REQUEST_TIMEOUT_SECONDS (60 s). No tighter bound:
 * a loaded machine runs the timers late, and a passing test ends at the cut, not at this time.
 */
const CUT_WITHIN_MS = 10_000;

type Outcome = { isClosed: boolean; elapsedMs: number; answer: string };
type SendOptions = { everyMs: number; deadlineMs: number; isHalfOpen?: boolean };

/**
 * Opens a raw connection, sends `head` and then one piece of `pieces` every `everyMs`, and reports whether
 * (and when) the server closed the connection before `deadlineMs`, with whatever it answered. A half-open
 * client, like one bent on holding the connection, does not close its side when the server ends its own.
 */
function send(url: string, head: string, pieces: string[], options: SendOptions): Promise<Outcome> {
  const { everyMs, deadlineMs, isHalfOpen = true } = options;
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const received: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: isHalfOpen }, () => {
      socket.write(head);
      let next = 0;
      timer = setInterval(() => {
        if (next < pieces.length && socket.writable) socket.write(pieces[next++] ?? '');
      }, everyMs);
    });
    const finish = (isClosed: boolean) => {
      clearInterval(timer);
      clearTimeout(deadline);
      resolve({ isClosed, elapsedMs: Date.now() - started, answer: Buffer.concat(received).toString() });
    };
    const deadline = setTimeout(() => {
      finish(false);
      socket.destroy();
    }, deadlineMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // A reset after the answer is a close too.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
  });
}

const loginHead = (length: number) =>
  'POST /v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${length}\r\nConnection: close\r\n\r\n`;

/** A login body of exactly `size` bytes, padded in a field the schema ignores. */
const loginBody = (size: number) => {
  const empty = JSON.stringify({ login: 'nobody', password: 'wrong', padding: '' });
  return JSON.stringify({ login: 'nobody', password: 'wrong', padding: 'p'.repeat(size - empty.length) });
};

describe('slow requests are cut', () => {
  it('a body trickling one byte at a time is cut within two windows or so', async () => {
    const body = loginBody(1000);
    const outcome = await sender(loginHead(body.length), [...body], {
      everyMs: 200,
      deadlineMs: CUT_WITHIN_MS,
    });
    expect(outcome.isClosed).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(outcome.answer.slice(outcome.answer.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: 'Request timeout',
      status: 408,
      title: 'Request Timeout',
      type: 'about:blank',
    });
  });

  it('headers trickling one byte at a time are cut by the headers timeout', async () => {
    const head = loginHead(2);
    const outcome = await sender(head.slice(0, 10), [...head.slice(10)], {
      everyMs: 200,
      deadlineMs: CUT_WITHIN_MS,
    });
    expect(outcome.isClosed).toBe(true);
  });

  it('a body arriving steadily above the minimum rate gets through, however long it takes', async () => {
    // 24 KiB at about 5 KiB/s: more than three windows long, each with well over the minimum.
    const body = loginBody(24 * 1024);
    const pieces = body.match(/[^]{1,512}/g) ?? [];
    const outcome = await sender(loginHead(body.length), pieces, {
      everyMs: 100,
      deadlineMs: 20_000,
      isHalfOpen: false,
    });
    expect(outcome.elapsedMs).toBeGreaterThan(3000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.answer).toContain('Invalid username or password');
  });
});

describe('the whole request has a time limit', () => {
  it('a body trickling past REQUEST_TIMEOUT_SECONDS is cut even without the body-rate rule', async () => {
    const other = await startTestServer({
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
      BODY_MIN_BYTES_PER_SECOND: '0',
    });
    try {
      const body = loginBody(1000);
      const outcome = await send(other.url, loginHead(body.length), [...body], {
        everyMs: 200,
        deadlineMs: CUT_WITHIN_MS,
      });
      expect(outcome.isClosed).toBe(true);
      expect(outcome.elapsedMs).toBeGreaterThan(1500);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await other.close();
    }
  });
});
