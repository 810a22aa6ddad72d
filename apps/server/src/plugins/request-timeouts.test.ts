import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { guardSlowBodies } from './request-timeouts.ts';

const quiet = { info: () => undefined } as unknown as FastifyBaseLogger;
const timeouts = {
  headersMs: 1000,
  requestMs: 60_000,
  // Windows long and a rate low enough that a loaded machine (the client shares this process) still meets it
  // once the server reads; a stalled window carries no bytes at all, so without the exemption it is cut.
  bodyWindowMs: 1000,
  bodyMinBytesPerSecond: 16 * 1024,
  idleMs: 60_000,
};

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('the body-rate rule', () => {
  it('does not count against the client the windows in which the server is the one not reading', async () => {
    // The handler waits three windows before it reads a body far larger than the buffers: the socket stalls
    // because of the server, and the client (which sent everything at once) must not be cut.
    server = http.createServer((request, response) => {
      void sleep(3 * timeouts.bodyWindowMs).then(async () => {
        let size = 0;
        for await (const chunk of request) size += (chunk as Buffer).length;
        response.end(String(size));
      });
    });
    guardSlowBodies(server, timeouts, quiet);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const body = Buffer.alloc(8 * 1024 * 1024, 1);
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(String(body.length));
  });

  it('lets go of a request once it is answered, long before the window ends', async () => {
    // V8's own collector, reachable once it is exposed: only a collection shows what still holds the request.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const seen: Array<WeakRef<http.IncomingMessage>> = [];
    server = http.createServer((request, response) => {
      seen.push(new WeakRef(request));
      request.resume();
      request.once('end', () => response.end('ok'));
    });
    guardSlowBodies(server, { ...timeouts, bodyWindowMs: 60_000 }, quiet);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        body: 'a body',
        headers: { connection: 'close' },
      });
      expect(await response.text()).toBe('ok');
    }
    await sleep(50);
    collect();
    await sleep(0);
    collect();
    expect(seen).toHaveLength(3);
    expect(seen.filter((request) => request.deref() !== undefined)).toHaveLength(0);
  });
});
