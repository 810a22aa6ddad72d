import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type RawResponse = { status: number; headers: string; body: string };

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(request: string): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('errors of the HTTP parser and the framework answer the {detail} shape (a problem)', () => {
  it('header fields over the limit answer 431 with a JSON detail', async () => {
    const response = await rawRequest(
      `GET /ping HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers).toMatch(/content-type: application\/problem\+json\r?$/im);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'Request header fields too large',
      status: 431,
      title: 'Request Header Fields Too Large',
      type: 'about:blank',
    });
  });

  it('a malformed request line answers 400 with a JSON detail', async () => {
    const response = await rawRequest('NOT A REQUEST\r\n\r\n');
    expect(response.status).toBe(400);
    expect(response.headers).toMatch(/content-type: application\/problem\+json\r?$/im);
    expect(JSON.parse(response.body)).toEqual({
      detail: 'Bad request',
      status: 400,
      title: 'Bad Request',
      type: 'about:blank',
    });
  });

  it('an unsupported content type answers 415 with a detail', async () => {
    const response = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ detail: expect.any(String) });
  });

  it('a body over the limit answers 413 with a detail', async () => {
    const { status, body } = await new HttpClient(server.url).post(
      '/v1/auth/login',
      'x'.repeat(12 * 1024 * 1024),
    );
    expect(status).toBe(413);
    expect(body).toMatchObject({ detail: expect.any(String) });
  });

  it('malformed JSON answers 400 with a detail', async () => {
    const { status, body } = await new HttpClient(server.url).post('/v1/auth/login', '{not json');
    expect(status).toBe(400);
    expect(body).toMatchObject({ detail: expect.any(String) });
  });

  it('an unknown API call answers 404 with a detail', async () => {
    for (const [method, path] of [
      ['GET', '/v1/no-such-call'],
      ['DELETE', '/v2/users'],
    ] as const) {
      const { status, body } = await new HttpClient(server.url).request(method, path);
      expect(status).toBe(404);
      expect(body).toMatchObject({ detail: expect.any(String) });
    }
  });
});
