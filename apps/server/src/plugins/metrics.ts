import { createHash, timingSafeEqual } from 'node:crypto';
import { apiRoutes } from '@waymark/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { routePatternOf } from './request-log.ts';
import { serve } from '../lib/serve-route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the routes whose bytes the metrics count: upload chunks, and downloads of file bytes. */
    transfer?: 'upload' | 'download';
  }
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, even over a loopback connection. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export const METRICS_TEXTS = {
  badToken: 'Metrics need the METRICS_TOKEN as a Bearer token.',
  notLocal: 'Metrics are served to this machine only, unless METRICS_TOKEN is set.',
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read `/metrics`. With METRICS_TOKEN: whoever sends it as `Authorization: Bearer …`, from anywhere.
 * Without: only a client on this machine talking to the server directly (a loopback connection without any
 * forwarding header), so a reverse proxy on the same machine does not publish them by accident.
 */
function checkMetricsAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!timingSafeEqual(digest(given), digest(token))) throw unauthorized(METRICS_TEXTS.badToken);
    return;
  }
  const direct = FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
  if (!direct || !LOOPBACK.test(request.socket.remoteAddress ?? '')) throw forbidden(METRICS_TEXTS.notLocal);
}

/**
 * Prometheus metrics (lib/metrics.ts) fed by HTTP: every answered request by method, route pattern and status
 * with its duration, chunk uploads in progress, bytes sent by the download routes (`config.transfer`), and the
 * `/metrics` route itself. Register before the routes.
 */
export function registerMetrics(app: FastifyInstance, context: AppContext): void {
  const { metrics } = context;
  app.addHook('onRequest', async (request, reply) => {
    const transfer = request.routeOptions.config.transfer;
    if (transfer === 'upload') {
      metrics.chunkUploadStarted();
      reply.raw.once('close', metrics.chunkUploadEnded);
    } else if (transfer === 'download') {
      // Bytes written on this connection while the answer goes out (a connection serves one request at a time).
      const socket = request.raw.socket;
      const before = socket.bytesWritten;
      reply.raw.once('close', () => metrics.downloaded(socket.bytesWritten - before));
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestAnswered(
      { method: request.method, route: routePatternOf(request) ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  serve(app.withTypeProvider<ZodTypeProvider>(), apiRoutes.service.metrics, async (request, reply) => {
    checkMetricsAccess(request, context.config.metricsToken);
    const text = await metrics.render();
    return reply.type(metrics.contentType).send(text);
  });
}
