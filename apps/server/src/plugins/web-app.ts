import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_TEXTS } from '@waymark/contract';
import type { FastifyInstance } from 'fastify';
import { isMerginApiPath, sendError } from './problem.ts';

/**
 * Paths never answered with the web app's index page: the API, and the built assets (a missing script must
 * be a 404, not HTML the browser then fails to run).
 */
const API_PREFIXES = ['/v1/', '/v2/', '/app/', '/api/', '/ping', '/config', '/alive', '/assets/'];

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other GET that is
 * not an API path, so client-side routes survive a reload. Unknown API paths answer a JSON 404 (a problem on the
 * Mergin API's paths). The build puts
 * brotli and gzip copies beside the files (`x.js.br`, `x.js.gz`); a browser that accepts one gets it
 * (`Content-Encoding`), every answer says it depends on `Accept-Encoding` (`Vary`), and others get the file.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWebApp = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else if (webDist) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some(
      (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
    );
    if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    // The Mergin API answers the reference's (Werkzeug's) text; the app's own files a short one.
    const detail = isMerginApiPath(request.url) ? ERROR_TEXTS.urlNotFound : ERROR_TEXTS.notFound;
    return sendError(reply, 404, { detail });
  });
}
