import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';

/** One year, the usual HSTS lifetime; no includeSubDomains or preload, the operator owns the rest of the domain. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of every answer (web app, API, Swagger UI, whose page has no inline script either).
 * Scripts only from this origin and no eval (the web app runs zod jitless for that: app/zodConfig.ts), except
 * compiling WebAssembly ('wasm-unsafe-eval', which allows no JavaScript eval): the upload's SHA-1 worker runs
 * hash-wasm, whose module is compiled from bytes bundled in the worker script. Styles
 * also inline: PrimeReact (and the Swagger UI) inject `<style>` elements at run time, which only
 * 'unsafe-inline' or a per-request nonce would allow, and the index page is a static file; injected CSS cannot
 * run code, so the script rules carry the protection. Images also from data: (the Swagger UI's stylesheet
 * draws its icons so; the app's downloads use a blob: link, a navigation rather than an image).
 * `upgrade-insecure-requests` only behind https: on a plain-http address the browser would fetch the app's own
 * scripts over https and break it.
 */
export function contentSecurityPolicy(https: boolean, basemapStyleUrl?: string): Record<string, string[]> {
  // The basemap's style, tiles, sprites and glyphs come from its origin (MAP_BASEMAP_STYLE_URL), when one is set.
  const basemap = basemapStyleUrl ? [new URL(basemapStyleUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...basemap],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...basemap],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer through Helmet: the CSP above, X-Frame-Options DENY, X-Content-Type-Options
 * nosniff, Referrer-Policy no-referrer (project paths in addresses stay private), and HSTS only when BASE_URL is
 * https (over plain http it is ignored at best and locks users out at worst). Helmet's middleware is built once
 * and run on each request's raw response (@fastify/helmet built it anew for every request: 4% of a list call's
 * CPU time).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const https = config.baseUrl !== undefined && new URL(config.baseUrl).protocol === 'https:';
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(https, config.mapBasemapStyleUrl),
    },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}
