import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

const INDEX = '<!doctype html><title>Waymark</title>';
/** A script as the build leaves it: with its brotli and gzip copies beside it. */
const SCRIPT = Buffer.from(`export const routes = [${'"/projects/explore",'.repeat(400)}];\n`);
/** A file the build did not compress. */
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'waymark-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(path.join(dist, 'favicon.svg'), ICON);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'assets', 'routes-abcd.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'routes-abcd.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'routes-abcd.js.gz'), gzipSync(SCRIPT));
  server = await startTestServer({ WEB_DIST: dist }, { serveWebApp: true });
});
afterAll(() => server.close());

async function get(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    headers: response.headers,
    body: await response.text(),
  };
}

/** A GET over plain node:http, which (unlike fetch) neither asks for nor decodes any encoding itself. */
function rawGet(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .get(`${server.url}${pathname}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('serving the built web app', () => {
  it('answers client-side routes with index.html so a reload works', async () => {
    for (const pathname of ['/', '/dashboard', '/projects/admin/survey/tree/data', '/login/reset']) {
      const response = await get(pathname);
      expect({ pathname, status: response.status, body: response.body }).toEqual({
        pathname,
        status: 200,
        body: '<!doctype html><title>Waymark</title>',
      });
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with long caching, and 404s for missing ones instead of HTML', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/app-9999.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ detail: 'Not found' });
  });

  it('keeps unknown API paths as JSON 404s (problems on the Mergin API)', async () => {
    for (const pathname of ['/v1/unknown', '/app/unknown']) {
      const response = await get(pathname);
      expect(response.status).toBe(404);
      expect(response.type).toBe('application/problem+json');
    }
    const docs = await get('/api/unknown');
    expect(docs.status).toBe(404);
    expect(docs.type).toBe('application/json; charset=utf-8');
  });

  it('sends the brotli copy to a browser that accepts it, and says the answer varies by encoding', async () => {
    const response = await rawGet('/assets/routes-abcd.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.body).equals(SCRIPT)).toBe(true);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const response = await rawGet('/assets/routes-abcd.js', 'gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.body).equals(SCRIPT)).toBe(true);
  });

  it('sends the file itself to a client that accepts no encoding, or when there is no copy', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await rawGet('/assets/routes-abcd.js', acceptEncoding);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.body.equals(SCRIPT)).toBe(true);
    }
    const icon = await rawGet('/favicon.svg', 'br, gzip');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.body.toString()).toBe(ICON);
  });

  it('sends the index page of a client-side route compressed too, still never cached', async () => {
    const response = await rawGet('/projects/admin/survey', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.body).toString()).toBe(INDEX);
  });
});
