import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** A request the receiver got, with whether its `Waymark-Signature` matched the body and the secret. */
export type ReceivedHook = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
  signatureValid: boolean;
  /** Seconds between the signature's timestamp and its arrival. */
  signatureAgeSeconds: number;
  /** When it arrived (ms since the epoch). */
  at: number;
};

/** An answer the receiver gives: a status, a body, headers. */
export type HookAnswer = { status: number; body?: string; headers?: Record<string, string> };

/**
 * A webhook receiver on loopback, as an integration would write one: it checks `Waymark-Signature`
 * (`t=…,v1=…`, HMAC-SHA256 of `<t>.<body>` with the shared secret) on its own, keeps every request, and answers
 * from a script (`answers`, in order; 200 once it is empty).
 */
export async function startWebhookReceiver(secret: string) {
  const received: ReceivedHook[] = [];
  const answers: HookAnswer[] = [];
  let fallback: HookAnswer = { status: 200, body: 'ok' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = String(request.headers['waymark-signature'] ?? '');
      const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
      const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body,
        json,
        signatureValid: given.length === expected.length && timingSafeEqual(given, expected),
        signatureAgeSeconds: Date.now() / 1000 - Number(parts.t),
        at: Date.now(),
      });
      const answer = answers.shift() ?? fallback;
      response.writeHead(answer.status, { 'Content-Type': 'text/plain', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Answers for the next requests, in order. */
    answers,
    /** The answer once `answers` is empty. */
    answerAlways(answer: HookAnswer) {
      fallback = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `probe` until it gives a value (every 100 ms, up to `ms`). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
