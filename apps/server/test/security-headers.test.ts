import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let plain: TestServer;
let secure: TestServer;
let withBasemap: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'waymark-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Waymark</title>');
  plain = await startTestServer({ WEB_DIST: dist }, { serveWebApp: true });
  secure = await startTestServer(
    { WEB_DIST: dist, BASE_URL: 'https://waymark.example.org' },
    { serveWebApp: true },
  );
  withBasemap = await startTestServer(
    { WEB_DIST: dist, MAP_BASEMAP_STYLE_URL: 'https://tiles.example.net/styles/liberty' },
    { serveWebApp: true },
  );
});
afterAll(async () => {
  await plain?.close();
  await secure?.close();
  await withBasemap?.close();
});

/** The CSP header as directive → sources, so the test does not depend on the order or separators. */
function directives(header: string | null): Record<string, string> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

const EXPECTED_CSP = {
  'default-src': "'self'",
  'base-uri': "'self'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

describe('security headers', () => {
  it('sends the CSP, frame, sniffing and referrer headers on API answers, the index page and errors', async () => {
    for (const pathname of ['/ping', '/', '/dashboard', '/v1/unknown']) {
      const response = await fetch(`${plain.url}${pathname}`);
      await response.arrayBuffer();
      expect({ pathname, csp: directives(response.headers.get('content-security-policy')) }).toEqual({
        pathname,
        csp: EXPECTED_CSP,
      });
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('sends HSTS (and upgrades insecure requests) only when BASE_URL is https', async () => {
    const overHttp = await fetch(`${plain.url}/ping`);
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    expect(directives(overHttp.headers.get('content-security-policy'))).not.toHaveProperty(
      'upgrade-insecure-requests',
    );

    for (const pathname of ['/ping', '/']) {
      const overHttps = await fetch(`${secure.url}${pathname}`);
      await overHttps.arrayBuffer();
      expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(directives(overHttps.headers.get('content-security-policy'))).toEqual({
        ...EXPECTED_CSP,
        'upgrade-insecure-requests': '',
      });
    }
  });

  it('keeps the Swagger UI loadable: its page has no inline script and its assets are served', async () => {
    const page = await fetch(`${plain.url}/api/docs/static/index.html`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(directives(page.headers.get('content-security-policy'))['script-src']).toBe(
      "'self' 'wasm-unsafe-eval'",
    );
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toContain('src=');
      expect(body.trim()).toBe('');
    }
    for (const asset of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const response = await fetch(`${plain.url}/api/docs/static/${asset}`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
    }
  });

  it('lets the map reach the basemap only when MAP_BASEMAP_STYLE_URL names one, and tells the web app', async () => {
    const response = await fetch(`${withBasemap.url}/config`);
    const config = (await response.json()) as { map_basemap_style_url?: string };
    expect(config.map_basemap_style_url).toBe('https://tiles.example.net/styles/liberty');
    expect(directives(response.headers.get('content-security-policy'))).toEqual({
      ...EXPECTED_CSP,
      'img-src': "'self' data: blob: https://tiles.example.net",
      'connect-src': "'self' https://tiles.example.net",
    });
    const offline = (await (await fetch(`${plain.url}/config`)).json()) as Record<string, unknown>;
    expect(offline).not.toHaveProperty('map_basemap_style_url');
  });
});
