import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_WORKSPACE_STORAGE, type WorkspaceRole, workspaceRoleSchema } from '@waymark/contract';
import { z } from 'zod';
import { DEFAULT_WEB_DIST } from './paths.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .default('')
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

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

/** A duration in seconds (fractions allowed), above zero. */
const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

/** The longest a project list's count is kept (`CACHE_SECONDS` bounds it too). */
const LIST_COUNT_SECONDS = 2;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a size such as 16MB (kB, MB or GB)')
    .default('16MB'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SECRET_KEY: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  BASE_URL: optionalString.pipe(z.url().optional()),
  /** A MapLibre style drawn under the map's layers; none by default (the map works offline). */
  MAP_BASEMAP_STYLE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Bytes DATA_DIR/map-cache holds after housekeeping (least recently used files go first). */
  MAP_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(1024 * 1024 * 1024),
  DOCS_URL: z.url().default('https://merginmaps.com/docs'),
  DEFAULT_STORAGE: z.coerce.number().int().nonnegative().default(DEFAULT_WORKSPACE_STORAGE),
  GLOBAL_READ: booleanFlag,
  GLOBAL_WRITE: booleanFlag,
  GLOBAL_ADMIN: booleanFlag,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Waymark <no-reply@waymark.local>'),
  /** Sending a mail is retried this often, the first time after MAIL_RETRY_DELAY_SECONDS, then doubling. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(10),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
  MAINTENANCE: booleanFlag,
  MAINTENANCE_FILE: optionalString,
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_EMAIL: z.string().default('admin@example.com'),
  ADMIN_PASSWORD: optionalString,
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(14),
  DELETED_PROJECT_EXPIRATION_DAYS: z.coerce.number().nonnegative().default(7),
  TRUST_PROXY: trustProxySetting,
  HEADERS_TIMEOUT_SECONDS: seconds(30),
  BODY_RATE_WINDOW_SECONDS: seconds(30),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().nonnegative().default(4096),
  REQUEST_TIMEOUT_SECONDS: seconds(3600),
  IDLE_TIMEOUT_SECONDS: seconds(600),
  PUSH_TAKEOVER_SECONDS: z.coerce.number().int().positive().default(300),
  UPLOAD_EXPIRATION_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  WORKER_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  // Cores − 1 as WORKER_THREADS, but two on two cores: a screenful's tiles are cut side by side, which keeps the
  // full-extent view of bench/map near 1 s of one thread's CPU (one thread: ~1.3–1.8 s), and the server's peak RSS
  // under 350 MB there (303–359 MB measured, 263–286 with one). The request loop shares the cores for that second.
  MAP_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.min(4, Math.max(Math.min(2, availableParallelism()), availableParallelism() - 1))),
  ENGINE_TASK_TIMEOUT_SECONDS: seconds(120),
  /** How long a process keeps a Bearer token's user (list counts: at most 2 s); 0 keeps nothing. */
  CACHE_SECONDS: z.coerce.number().nonnegative().max(60).default(5),
  DIAGNOSTIC_LOGS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .default('true')
    .transform((value) => ['true', '1', 'yes', 'on'].includes(value)),
  DIAGNOSTIC_LOGS_MAX_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  BLOB_STORE: z.enum(['local', 's3'], { error: "must be 'local' or 's3'" }).default('local'),
  S3_ENDPOINT: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.org' })
      .optional(),
  ),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[^/].*$/, 'must not start with /')
      .optional(),
  ),
  S3_CHECKSUMS: z
    .enum(['when_supported', 'when_required'], { error: "must be 'when_supported' or 'when_required'" })
    .default('when_supported'),
  /** Webhooks may call loopback, private and link-local addresses (off: only public ones, no request forgery). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanFlag,
  /** A failed delivery is tried again this often, the first time after WEBHOOK_RETRY_DELAY_SECONDS, then doubling. */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  /** A webhook whose deliveries failed this many times in a row is turned off (its admins are mailed). */
  WEBHOOK_DISABLE_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
  /** Single sign-on with an OpenID provider: on when the issuer and client id are set. */
  OIDC_ISSUER: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: "must be the OpenID provider's issuer URL, e.g. https://id.example.org",
      })
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().default('openid email profile'),
  /** The name on the sign-in page's button ('Sign in with <name>'); the issuer's host by default. */
  OIDC_NAME: optionalString,
  OIDC_USERNAME_CLAIM: z.string().trim().min(1).default('preferred_username'),
  /** Whether a provider account linked to no user makes a new user (else it is refused). */
  OIDC_CREATE_USERS: booleanFlag,
  OIDC_DEFAULT_WORKSPACE: optionalString,
  OIDC_DEFAULT_ROLE: workspaceRoleSchema.default('reader'),
  /** Only e-mail addresses of these domains may sign in with the provider (comma-separated); all when empty. */
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  /** false: only superusers may sign in with a password (everyone else through single sign-on). */
  PASSWORD_LOGIN: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .default('true')
    .transform((value) => ['true', '1', 'yes', 'on'].includes(value)),
  WAYMARK_TEST_CRASH_POINT: optionalString,
  WAYMARK_TEST_JOB_POLL_SECONDS: z.coerce.number().int().positive().optional(),
});

/** Where blobs are kept in S3-compatible object storage (see docs/OPERATIONS.md). */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credentials (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Put before every key, ending in `/` (or empty). */
  prefix: string;
  /** Whether the SDK adds checksums to every request (when_supported) or only where S3 requires them. */
  checksums: 'when_supported' | 'when_required';
};

/** Single sign-on with an OpenID provider (see README, Single sign-on). */
export type OidcSettings = {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE alone, no client authentication). */
  clientSecret: string | undefined;
  scopes: string;
  /** The name on the sign-in button. */
  name: string;
  /** The ID token's (or userinfo's) claim new users' usernames come from. */
  usernameClaim: string;
  /** New users for unknown provider accounts, into `workspace` (unset: none) with `role`; or refusal. */
  createUsers: { workspace: string | undefined; role: WorkspaceRole } | undefined;
  /** Lower-case e-mail domains allowed to sign in; empty: any. */
  allowedDomains: string[];
};

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's `shared_buffers` of the embedded database (unused with DATABASE_URL). */
  pgliteSharedBuffers: string;
  secretKey: string;
  baseUrl: string | undefined;
  /** Where people reach the app, for links in e-mails: BASE_URL, else this machine's port. Never the Host header. */
  publicUrl: string;
  docsUrl: string;
  defaultStorage: number;
  globalRead: boolean;
  globalWrite: boolean;
  globalAdmin: boolean;
  smtpUrl: string | undefined;
  mailRetry: { limit: number; delaySeconds: number };
  mailFrom: string;
  maintenance: boolean;
  maintenanceFile: string;
  admin: { username: string; email: string; password: string | undefined };
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionMaxAgeSeconds: number;
  /** How long a deleted project keeps its name and can be restored before it is purged. */
  deletedProjectRetentionMs: number;
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
  /** A push with no activity for this long may be taken over by a new one (reference: LOCKFILE_EXPIRATION). */
  pushTakeoverSeconds: number;
  /** Idle push transactions and stray upload files older than this are removed by the cleanup job. */
  uploadExpirationSeconds: number;
  /** Threads running GeoPackage work (changesets) beside the event loop. */
  workerThreads: number;
  /** Threads one project's map reads (tiles, layer lists, features) may use at once, in a pool of their own. */
  mapThreads: number;
  /** One task of the changeset engine (a diff, an apply, a detail list) is stopped after running this long. */
  engineTaskTimeoutMs: number;
  /**
   * How long each process keeps what it caches: a Bearer token's user, a project list's count. A write through
   * this process is forgotten at once; one through another process (or plain SQL) is seen when the time is up.
   */
  cacheTtlMs: { users: number; listCounts: number };
  /** Whether POST /v2/diagnostic-logs keeps the logs the apps send (off: the reference's 404). */
  diagnosticLogs: boolean;
  /** Largest diagnostic log kept, in bytes (reference DIAGNOSTIC_LOGS_MAX_SIZE); larger ones answer 413. */
  diagnosticLogsMaxSize: number;
  /** The MapLibre style under the Map tab's layers (`MAP_BASEMAP_STYLE_URL`); none by default. */
  mapBasemapStyleUrl: string | undefined;
  /** Bytes the map's disk cache (DATA_DIR/map-cache) holds after housekeeping (`MAP_CACHE_MAX_BYTES`). */
  mapCacheMaxBytes: number;
  /** When set, `/metrics` answers whoever sends it as a Bearer token; else only this machine (docs/OPERATIONS.md). */
  metricsToken: string | undefined;
  /** Where file bytes live: the data folder (`local`) or S3-compatible object storage. */
  blobStore: 'local' | 's3';
  /** The S3 settings when S3_BUCKET is set (required by BLOB_STORE=s3; `storage migrate` uses them too). */
  s3: S3Settings | undefined;
  /** Outgoing webhooks: private addresses allowed, retries (doubling delays), failed deliveries before turning off. */
  webhooks: {
    allowPrivateAddresses: boolean;
    retryLimit: number;
    retryDelayMs: number;
    disableAfter: number;
  };
  /** Single sign-on with an OpenID provider (OIDC_*), when configured. */
  oidc: OidcSettings | undefined;
  /** Whether users other than superusers may sign in with a password (PASSWORD_LOGIN). */
  passwordLogin: boolean;
  /** Test-only: the point of a push where the crash-safety test kills the server (lib/crash-point.ts). */
  testCrashPoint: string | undefined;
  /** Test-only: seconds between the job queue's polls (10 unless set; the multi-process test waits on them). */
  testJobPollSeconds: number | undefined;
};

export class ConfigError extends Error {}

/**
 * Reads the secret from the environment, else from (or into) the data folder, so restarts keep sessions. A new
 * secret is written to a temporary file and linked into place: of several processes starting at once on a new
 * shared data folder, one creates it and the others read that one (never each its own).
 */
function resolveSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, 'secret.key');
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = read();
    if (!theirs)
      throw new ConfigError(`Invalid configuration:\n  ${file} is empty: delete it or set SECRET_KEY`);
    return theirs;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Parses the environment once. The only reader of `process.env` in the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS',
    );
  }
  const s3 = s3Settings(e);
  // npm runs workspace scripts inside apps/server; relative paths mean the folder the command was typed in.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    secretKey: resolveSecret(e.SECRET_KEY, dataDir),
    baseUrl: e.BASE_URL?.replace(/\/+$/, ''),
    publicUrl: e.BASE_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    docsUrl: e.DOCS_URL,
    defaultStorage: e.DEFAULT_STORAGE,
    globalRead: e.GLOBAL_READ,
    globalWrite: e.GLOBAL_WRITE,
    globalAdmin: e.GLOBAL_ADMIN,
    smtpUrl: e.SMTP_URL,
    mailRetry: { limit: e.MAIL_RETRY_LIMIT, delaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
    mailFrom: e.MAIL_FROM,
    maintenance: e.MAINTENANCE,
    maintenanceFile: path.resolve(cwd, e.MAINTENANCE_FILE ?? path.join(dataDir, 'MAINTENANCE')),
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    logLevel: e.LOG_LEVEL,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60,
    deletedProjectRetentionMs: e.DELETED_PROJECT_EXPIRATION_DAYS * 24 * 60 * 60 * 1000,
    trustProxy: e.TRUST_PROXY,
    timeouts: {
      headersMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      bodyWindowMs: Math.round(e.BODY_RATE_WINDOW_SECONDS * 1000),
      bodyMinBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
      idleMs: Math.round(e.IDLE_TIMEOUT_SECONDS * 1000),
    },
    pushTakeoverSeconds: e.PUSH_TAKEOVER_SECONDS,
    uploadExpirationSeconds: e.UPLOAD_EXPIRATION_SECONDS,
    workerThreads: e.WORKER_THREADS,
    mapThreads: e.MAP_THREADS,
    engineTaskTimeoutMs: Math.round(e.ENGINE_TASK_TIMEOUT_SECONDS * 1000),
    cacheTtlMs: {
      users: Math.round(e.CACHE_SECONDS * 1000),
      listCounts: Math.round(Math.min(e.CACHE_SECONDS, LIST_COUNT_SECONDS) * 1000),
    },
    diagnosticLogs: e.DIAGNOSTIC_LOGS,
    diagnosticLogsMaxSize: e.DIAGNOSTIC_LOGS_MAX_SIZE,
    mapBasemapStyleUrl: e.MAP_BASEMAP_STYLE_URL,
    mapCacheMaxBytes: e.MAP_CACHE_MAX_BYTES,
    metricsToken: e.METRICS_TOKEN,
    blobStore: e.BLOB_STORE,
    s3,
    webhooks: {
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      retryDelayMs: Math.round(e.WEBHOOK_RETRY_DELAY_SECONDS * 1000),
      disableAfter: e.WEBHOOK_DISABLE_AFTER,
    },
    oidc: oidcSettings(e),
    passwordLogin: e.PASSWORD_LOGIN,
    testCrashPoint: e.WAYMARK_TEST_CRASH_POINT,
    testJobPollSeconds: e.WAYMARK_TEST_JOB_POLL_SECONDS,
  };
}

/** The single sign-on settings, checked together: an issuer and a client id, or neither. */
function oidcSettings(e: z.infer<typeof envSchema>): OidcSettings | undefined {
  if (Boolean(e.OIDC_ISSUER) !== Boolean(e.OIDC_CLIENT_ID)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'}: OIDC_ISSUER and OIDC_CLIENT_ID go together`,
    );
  }
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) return undefined;
  if (!e.OIDC_SCOPES.split(/\s+/).includes('openid')) {
    throw new ConfigError("Invalid configuration:\n  OIDC_SCOPES: must include 'openid'");
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    scopes: e.OIDC_SCOPES.trim().split(/\s+/).join(' '),
    name: e.OIDC_NAME ?? new URL(e.OIDC_ISSUER).host,
    usernameClaim: e.OIDC_USERNAME_CLAIM,
    createUsers: e.OIDC_CREATE_USERS
      ? { workspace: e.OIDC_DEFAULT_WORKSPACE, role: e.OIDC_DEFAULT_ROLE }
      : undefined,
    allowedDomains: e.OIDC_ALLOWED_DOMAINS,
  };
}

/** The S3 settings, checked together: a bucket where S3 is used, both keys or neither. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const problems: string[] = [];
  if (e.BLOB_STORE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: is required when BLOB_STORE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      `${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`,
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  if (!e.S3_BUCKET) return undefined;
  const prefix = (e.S3_PREFIX ?? '').replace(/\/+$/, '');
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: prefix ? `${prefix}/` : '',
    checksums: e.S3_CHECKSUMS,
  };
}
