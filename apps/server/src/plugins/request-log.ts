import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type Logger, runWithRequestLogger } from '../lib/logger.ts';

/** An incoming `X-Request-Id` is kept when it looks like an id: short, printable, no spaces or quotes. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._~:@+=/-]{1,128}$/;

/** Health probes, logged at debug: a load balancer asks every few seconds. */
const PROBE_ROUTES = new Set(['GET /ping', 'POST /alive']);

/**
 * Fastify's own lines about requests, minus its two per request ("incoming request", "request completed"):
 * `registerRequestLog` writes one of its own. Its other lines (e.g. stream errors) stay.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
  /** The request line says it (`route: null`, 404) without the query, which may carry secrets. */
  override routeNotFound(): void {}
}

/** Fastify's `genReqId`: the caller's (or its proxy's) `X-Request-Id` when sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The matched route pattern (`/v1/project/:namespace/:name`), never the raw address; undefined when none matched. */
export const routePatternOf = (request: FastifyRequest): string | undefined => request.routeOptions.url;

/**
 * One line per request at info (`/ping` and `/alive` at debug): method, route pattern, status, duration and,
 * through `request.log`, the request id, which the answer echoes in `X-Request-Id`. Everything logged while
 * the request is served (services included) carries the same id. Fastify's own two lines per request are
 * switched off (`OneLinePerRequest`). Register before every other hook.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // A connection closed before the answer was complete has no onResponse: its line is written here, marked.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) logRequest(request, reply, true);
    });
    runWithRequestLogger(request.log as Logger, done);
  });
  const logRequest = (request: FastifyRequest, reply: FastifyReply, aborted: boolean) => {
    const route = routePatternOf(request);
    const line = {
      method: request.method,
      route: route ?? null,
      // Unmatched requests name their path (without the query) instead.
      ...(route ? {} : { path: request.url.split('?')[0] }),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...(aborted ? { aborted: true } : {}),
    };
    if (PROBE_ROUTES.has(`${request.method} ${route}`)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  };
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply, false));
}
