import { errorResponseSchema } from '../errors.ts';
import { latestVersionSchema } from '../projects-v2.ts';
import {
  aliveResponseSchema,
  appInitResponseSchema,
  configResponseSchema,
  csrfResponseSchema,
  metricsResponseSchema,
  pingResponseSchema,
} from '../service.ts';
import type { RouteTable } from './route.ts';

/** Service information: ping, the health check, config, app init and the CSRF token. */
export const serviceRoutes = {
  ping: { method: 'GET', path: '/ping', responses: { 200: pingResponseSchema } },
  alive: {
    method: 'POST',
    path: '/alive',
    responses: { 200: aliveResponseSchema, 503: errorResponseSchema },
  },
  config: { method: 'GET', path: '/config', responses: { 200: configResponseSchema } },
  latestVersion: { method: 'GET', path: '/v1/latest-version', responses: { 200: latestVersionSchema } },
  appInit: { method: 'GET', path: '/app/init', responses: { 200: appInitResponseSchema } },
  // Prometheus text; with METRICS_TOKEN for its bearer, without it for local callers only.
  metrics: {
    method: 'GET',
    path: '/metrics',
    responses: { 200: metricsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
  },
  refreshCsrf: { method: 'GET', path: '/app/auth/refresh/csrf', responses: { 200: csrfResponseSchema } },
} as const satisfies RouteTable;
