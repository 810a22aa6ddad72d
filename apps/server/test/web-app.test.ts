import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'waymark-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Waymark</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
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
    expect(JSON.parse(missing.body)).toEqual({ detail: 'Not found' });
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    for (const pathname of ['/v1/unknown', '/app/unknown', '/api/unknown']) {
      const response = await get(pathname);
      expect(response.status).toBe(404);
      expect(response.type).toContain('application/json');
    }
  });
});
