import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_WORKSPACE_STORAGE } from '@waymark/contract';
import { z } from 'zod';
import { ConfigError } from './config/config-error.ts';
import { dataEnv, dataSettings, type DataSettings } from './config/data.ts';
import { mailEnv, mailSettings, type MailSettings } from './config/mail.ts';
import { mapEnv, mapSettings, type MapSettings } from './config/map.ts';
import { serverEnv, serverSettings, type ServerSettings } from './config/server.ts';
import { ssoEnv, ssoSettings, type SsoSettings } from './config/sso.ts';
import { storageEnv, storageSettings, type StorageSettings } from './config/storage.ts';
import { booleanFlag, booleanFlagOn, optionalString, seconds } from './config/values.ts';
import { webhookEnv, webhookSettings, type WebhookSettings } from './config/webhooks.ts';

export { ConfigError } from './config/config-error.ts';
export type { OidcSettings } from './config/sso.ts';
export type { S3Settings } from './config/storage.ts';

/**
 * The server's settings, parsed once from the environment: this file is the only reader of `process.env`. Each
 * area's variables, their checks and their settings live in config/ (the HTTP server, data, mail, storage, map,
 * webhooks, single sign-on); this file holds the rest (workspaces and projects, pushes, threads, caches) and
 * composes them.
 */

/** The longest a project list's count is kept (`CACHE_SECONDS` bounds it too). */
const LIST_COUNT_SECONDS = 2;

/** The environment variables of no area of their own. */
const generalEnv = z.object({
  DEFAULT_STORAGE: z.coerce.number().int().nonnegative().default(DEFAULT_WORKSPACE_STORAGE),
  GLOBAL_READ: booleanFlag,
  GLOBAL_WRITE: booleanFlag,
  GLOBAL_ADMIN: booleanFlag,
  MAINTENANCE: booleanFlag,
  MAINTENANCE_FILE: optionalString,
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_EMAIL: z.string().default('admin@example.com'),
  ADMIN_PASSWORD: optionalString,
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(14),
  DELETED_PROJECT_EXPIRATION_DAYS: z.coerce.number().nonnegative().default(7),
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
  ENGINE_TASK_TIMEOUT_SECONDS: seconds(120),
  /** How long a process keeps a Bearer token's user (list counts: at most 2 s); 0 keeps nothing. */
  CACHE_SECONDS: z.coerce.number().nonnegative().max(60).default(5),
  DIAGNOSTIC_LOGS: booleanFlagOn,
  DIAGNOSTIC_LOGS_MAX_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  WAYMARK_TEST_CRASH_POINT: optionalString,
  WAYMARK_TEST_JOB_POLL_SECONDS: z.coerce.number().int().positive().optional(),
});

const envSchema = z.object({
  ...serverEnv.shape,
  ...dataEnv.shape,
  ...mapEnv.shape,
  ...mailEnv.shape,
  ...storageEnv.shape,
  ...webhookEnv.shape,
  ...ssoEnv.shape,
  ...generalEnv.shape,
});

export type AppConfig = ServerSettings &
  DataSettings &
  MailSettings &
  StorageSettings &
  MapSettings &
  WebhookSettings &
  SsoSettings & {
    defaultStorage: number;
    globalRead: boolean;
    globalWrite: boolean;
    globalAdmin: boolean;
    maintenance: boolean;
    maintenanceFile: string;
    admin: { username: string; email: string; password: string | undefined };
    sessionMaxAgeSeconds: number;
    /** How long a deleted project keeps its name and can be restored before it is purged. */
    deletedProjectRetentionMs: number;
    /** A push with no activity for this long may be taken over by a new one (reference: LOCKFILE_EXPIRATION). */
    pushTakeoverSeconds: number;
    /** Idle push transactions and stray upload files older than this are removed by the cleanup job. */
    uploadExpirationSeconds: number;
    /** Threads running GeoPackage work (changesets) beside the event loop. */
    workerThreads: number;
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
    /** Test-only: the point of a push where the crash-safety test kills the server (lib/crash-point.ts). */
    testCrashPoint: string | undefined;
    /** Test-only: seconds between the job queue's polls (10 unless set; the multi-process test waits on them). */
    testJobPollSeconds: number | undefined;
  };

/** Parses the environment once. The only reader of `process.env` in the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside apps/server; relative paths mean the folder the command was typed in.
  const cwd = env.INIT_CWD ?? process.cwd();
  // In this order: bad timeouts or S3 settings are refused before the secret is written into the data folder.
  const server = serverSettings(e, cwd);
  const storage = storageSettings(e);
  const data = dataSettings(e, cwd);
  const sso = ssoSettings(e);
  return {
    ...server,
    ...data,
    ...mailSettings(e),
    ...storage,
    ...mapSettings(e),
    ...webhookSettings(e),
    ...sso,
    defaultStorage: e.DEFAULT_STORAGE,
    globalRead: e.GLOBAL_READ,
    globalWrite: e.GLOBAL_WRITE,
    globalAdmin: e.GLOBAL_ADMIN,
    maintenance: e.MAINTENANCE,
    maintenanceFile: path.resolve(cwd, e.MAINTENANCE_FILE ?? path.join(data.dataDir, 'MAINTENANCE')),
    admin: { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60,
    deletedProjectRetentionMs: e.DELETED_PROJECT_EXPIRATION_DAYS * 24 * 60 * 60 * 1000,
    pushTakeoverSeconds: e.PUSH_TAKEOVER_SECONDS,
    uploadExpirationSeconds: e.UPLOAD_EXPIRATION_SECONDS,
    workerThreads: e.WORKER_THREADS,
    engineTaskTimeoutMs: Math.round(e.ENGINE_TASK_TIMEOUT_SECONDS * 1000),
    cacheTtlMs: {
      users: Math.round(e.CACHE_SECONDS * 1000),
      listCounts: Math.round(Math.min(e.CACHE_SECONDS, LIST_COUNT_SECONDS) * 1000),
    },
    diagnosticLogs: e.DIAGNOSTIC_LOGS,
    diagnosticLogsMaxSize: e.DIAGNOSTIC_LOGS_MAX_SIZE,
    testCrashPoint: e.WAYMARK_TEST_CRASH_POINT,
    testJobPollSeconds: e.WAYMARK_TEST_JOB_POLL_SECONDS,
  };
}
