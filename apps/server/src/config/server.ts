import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST } from '../paths.ts';
import { ConfigError } from './config-error.ts';
import { optionalString, seconds } from './values.ts';

/**
 * The HTTP server's settings: where it listens and is reached, what it serves, whose `X-Forwarded-*` it trusts,
 * how long slow clients may take, and who may read `/metrics`.
 */

/** proxy-addr's names of address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a subnet in CIDR notation (`10.0.0.0/8`, `fd00::/8`) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are trusted with `X-Forwarded-*` (the client's address decides the
 * per-IP limits): off; a number of proxy hops counted from the server (`true` means one, the reverse proxy
 * itself, never every hop: addresses a client puts in `X-Forwarded-For` itself must not count); or the
 * proxies' addresses and subnets, comma-separated.
 */
const trustProxySetting = z
  .string()
  .default('')
  .transform((value, context): false | number | string[] => {
    const text = value.trim().toLowerCase();
    if (['', 'false', '0', 'no', 'off'].includes(text)) return false;
    if (['true', 'yes', 'on'].includes(text)) return 1;
    if (/^\d+$/.test(text) && Number(text) <= 32) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        "must be false, a number of proxy hops (true means 1) or the proxies' addresses, e.g. 127.0.0.1,10.0.0.0/8",
    });
    return z.NEVER;
  });

/** The environment variables of the HTTP server. */
export const serverEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: optionalString.pipe(z.url().optional()),
  DOCS_URL: z.url().default('https://merginmaps.com/docs'),
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting,
  HEADERS_TIMEOUT_SECONDS: seconds(30),
  BODY_RATE_WINDOW_SECONDS: seconds(30),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().nonnegative().default(4096),
  REQUEST_TIMEOUT_SECONDS: seconds(3600),
  IDLE_TIMEOUT_SECONDS: seconds(600),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

export type ServerSettings = {
  port: number;
  host: string;
  baseUrl: string | undefined;
  /** Where people reach the app, for links in e-mails: BASE_URL, else this machine's port. Never the Host header. */
  publicUrl: string;
  docsUrl: string;
  webDist: string;
  logLevel: z.infer<typeof serverEnv>['LOG_LEVEL'];
  /** Fastify's `trustProxy`: off, the number of trusted hops, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** How long slow clients may take; see docs/OPERATIONS.md. */
  timeouts: {
    /** From the start of a request until its headers are in. */
    headersMs: number;
    /** The whole request, headers and body: a bound for anything the body-rate rule lets through. */
    requestMs: number;
    /** A body must bring at least `bodyMinBytesPerSecond` on average over every window of this length. */
    bodyWindowMs: number;
    /** 0 switches the body-rate rule off. */
    bodyMinBytesPerSecond: number;
    /** A connection with no bytes in either direction for this long is closed. */
    idleMs: number;
  };
  /** When set, `/metrics` answers whoever sends it as a Bearer token; else only this machine (docs/OPERATIONS.md). */
  metricsToken: string | undefined;
};

/** The HTTP server's settings, the timeouts checked together; relative paths from `cwd`. */
export function serverSettings(e: z.infer<typeof serverEnv>, cwd: string): ServerSettings {
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: e.BASE_URL?.replace(/\/+$/, ''),
    publicUrl: e.BASE_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    docsUrl: e.DOCS_URL,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    timeouts: {
      headersMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      bodyWindowMs: Math.round(e.BODY_RATE_WINDOW_SECONDS * 1000),
      bodyMinBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
      idleMs: Math.round(e.IDLE_TIMEOUT_SECONDS * 1000),
    },
    metricsToken: e.METRICS_TOKEN,
  };
}
