import { createArchiveService } from './services/archive.service.ts';
import { createUsageReportService } from './services/usage-report.service.ts';
import { createArchiveFiles } from './storage/archive-files.ts';
import path from 'node:path';
import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './mail/mailer.ts';
import { createQueuedMailer } from './mail/queued-mailer.ts';
import { createRepositories, type WriteHooks } from './repositories/repositories.ts';
import { type Clock, createTtlCache } from './lib/ttl-cache.ts';
import type { UserRow } from './repositories/user.repository.ts';
import { createAccessRequestService } from './services/access-request.service.ts';
import { createAccountService } from './services/account.service.ts';
import { createAdminService } from './services/admin.service.ts';
import { createAccessTokenService } from './services/access-token.service.ts';
import { createAuthService } from './services/auth.service.ts';
import { createTwoFactorService } from './services/two-factor.service.ts';
import { createSsoService } from './services/sso.service.ts';
import { createCollaboratorService } from './services/collaborator.service.ts';
import { createMailThrottle } from './services/mail-throttle.service.ts';
import { createHealthService } from './services/health.service.ts';
import { createMaintenanceService } from './services/maintenance.service.ts';
import { createPasswordResetService } from './services/password-reset.service.ts';
import { createProjectService } from './services/project.service.ts';
import { createDiagnosticLogService } from './services/diagnostic-log.service.ts';
import { createDiagnosticLogStore } from './storage/diagnostic-logs.ts';
import { createProjectByIdService } from './services/project-by-id.service.ts';
import { createProjectMembersService } from './services/project-members.service.ts';
import { createStorageService } from './services/storage.service.ts';
import { createUserService } from './services/user.service.ts';
import { createWorkspaceService } from './services/workspace.service.ts';
import { createWorkspaceMembersService } from './services/workspace-members.service.ts';
import { openBlobStore } from './storage/open-blob-store.ts';
import { createUploadArea } from './push/upload-area.ts';
import { createV2ChunkFiles } from './push/v2-chunk-files.ts';
import { createPushService } from './services/push.service.ts';
import { createRestoreService } from './services/restore.service.ts';
import { createVersionService } from './services/version.service.ts';
import { createChangesetEngine } from './changesets/engine.ts';
import { createMapCache } from './map/map-cache.ts';
import { createMapService, type MapFileAt } from './services/map.service.ts';
import { createDeadLetterReader } from './jobs/dead-letters.ts';
import { createJobSender } from './jobs/queue.ts';
import { createMetrics, type MetricSources } from './lib/metrics.ts';
import { createChangesetService } from './services/changeset.service.ts';
import { createSyncV2Service } from './services/sync-v2.service.ts';
import { createWebhookDeliveryService } from './services/webhook-delivery.service.ts';
import { createWebhookService } from './services/webhook.service.ts';

/** Bearer users kept at most (a row is ~1 kB). */
const USER_CACHE_SIZE = 10_000;
/** List counts kept at most (viewer and filters each). */
const LIST_COUNT_CACHE_SIZE = 10_000;
/** Map files of named versions kept at most (caller, project, version and file each; a few hundred bytes). */
const MAP_ACCESS_CACHE_SIZE = 10_000;

/**
 * Wires repositories into services once; routes, jobs and the CLI use the same services. The database, the
 * repositories and the mailer stay inside: callers get services, so no route can skip the domain rules.
 */
export function createContext(deps: {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The database pool's connections, for the metrics (`Database.connections`). */
  connections?: MetricSources['connections'];
  /** The caches' clock (tests move their own). */
  clock?: Clock;
}) {
  const { config, db, log } = deps;
  // What a Bearer request's caller and a project list's count are read from, kept a few seconds: this process's
  // own writes (through the repositories) are forgotten at once, other processes' when the time is up.
  const bearerUsers = createTtlCache<number, UserRow>({
    max: USER_CACHE_SIZE,
    ttlMs: config.cacheTtlMs.users,
    clock: deps.clock,
  });
  const listCounts = createTtlCache<string, number>({
    max: LIST_COUNT_CACHE_SIZE,
    ttlMs: config.cacheTtlMs.listCounts,
    clock: deps.clock,
  });
  // Which file of a named version a caller may read on the map (every tile asks), kept as long as Bearer users.
  const mapAccess = createTtlCache<string, MapFileAt>({
    max: MAP_ACCESS_CACHE_SIZE,
    ttlMs: config.cacheTtlMs.users,
    clock: deps.clock,
  });
  // Webhook deliveries committed are sent by the delivery service, made below with the repositories.
  let deliveriesQueued: (ids: string[]) => void = () => {};
  const writeHooks: WriteHooks = {
    userWritten: (id) => {
      bearerUsers.forget(id);
      mapAccess.clear();
    },
    projectsWritten: () => {
      listCounts.clear();
      mapAccess.clear();
    },
    webhookDeliveriesQueued: (ids) => deliveriesQueued(ids),
  };
  const repos = createRepositories(db, writeHooks);
  const metrics = createMetrics({ log });
  const blobs = openBlobStore(config);
  const projects = createProjectService({ config, blobs, log, repos, listCounts });
  const mailThrottle = createMailThrottle({ repos, log });
  const uploadArea = createUploadArea(path.join(config.dataDir, 'uploads'), {
    onChunkWritten: metrics.chunkWritten,
  });
  const engine = createChangesetEngine({
    threads: config.workerThreads,
    mapThreads: config.mapThreads,
    taskTimeoutMs: config.engineTaskTimeoutMs,
  });
  const jobs = createJobSender();
  const maintenance = createMaintenanceService({ config, settings: repos.serverSettings, log });
  // Services send mail through the job queue; the transport (SMTP or the outbox) is used by the mail job only.
  const mail = createQueuedMailer({ jobs, transport: deps.mailer, log });
  const { mailer } = mail;
  const changesets = createChangesetService({
    config,
    blobs,
    engine,
    jobs,
    log,
    repos,
    projectService: projects,
  });
  const push = createPushService({
    config,
    blobs,
    uploadArea,
    log,
    repos,
    projectService: projects,
    engine,
    changesets,
  });
  const passwordReset = createPasswordResetService({ config, repos, mailer, mailThrottle, jobs });
  const users = createUserService({ config, mailer, repos });
  const account = createAccountService({ config, repos, mailer, mailThrottle, log });
  const workspaces = createWorkspaceService({ config, repos });
  const auth = createAuthService({ config, repos, bearerUsers });
  const webhookDeliveries = createWebhookDeliveryService({ config, log, repos, jobs, mailer });
  deliveriesQueued = (ids) => webhookDeliveries.queued(ids);
  metrics.setSources({
    ...(deps.connections ? { connections: deps.connections } : {}),
    openPushes: () => push.countOpen(),
    queueSizes: () => jobs.sizes(),
  });
  return {
    config,
    log,
    /** Prometheus metrics of this process (`/metrics`). */
    metrics,
    /** The file bytes, streamed by downloads. */
    blobs,
    auth,
    /** Personal access tokens: made and revoked by their owners, resolved per request (plugins/auth.ts). */
    accessTokens: createAccessTokenService({ config, repos, bearerUsers, clock: deps.clock }),
    /** Two-factor sign-in (TOTP): enrolment, the sign-in's second step, workspace rules. */
    twoFactor: createTwoFactorService({ config, repos, auth, clock: deps.clock }),
    /** Single sign-on with an OpenID provider: sign-in, first-time users, linked accounts. */
    sso: createSsoService({ config, repos, users, log }),
    passwordReset,
    users,
    account,
    workspaces,
    workspaceMembers: createWorkspaceMembersService({ config, log, mailer, repos, workspaces }),
    maintenance,
    admin: createAdminService({
      config,
      repos,
      deadLetters: createDeadLetterReader(db),
      log,
      users,
      account,
      passwordReset,
      workspaces,
      projects,
      maintenance,
    }),
    diagnosticLogs: createDiagnosticLogService({
      config,
      log,
      repos,
      store: createDiagnosticLogStore(path.join(config.dataDir, 'diagnostic-logs')),
    }),
    health: createHealthService({ repos, maintenance, log }),
    projects,
    projectsById: createProjectByIdService({ config, log, repos, projectService: projects }),
    projectMembers: createProjectMembersService({ repos, projectService: projects }),
    accessRequests: createAccessRequestService({ config, mailer, log, repos, mailThrottle }),
    collaborators: createCollaboratorService({ config, repos, projectService: projects }),
    /** Limits of outgoing mail; housekeeping forgets old entries. */
    mailThrottle,
    storage: createStorageService({ repos, blobs }),
    push,
    syncV2: createSyncV2Service({
      config,
      blobs,
      log,
      repos,
      projectService: projects,
      push,
      uploadArea,
      // v2 chunks: `<id>`, kept apart from transactions until a push links them in.
      chunkStore: createV2ChunkFiles(path.join(config.dataDir, 'chunks'), {
        onChunkWritten: metrics.chunkWritten,
      }),
    }),
    archives: createArchiveService({
      log,
      repos,
      blobs,
      files: createArchiveFiles(path.join(config.dataDir, 'archives')),
      jobs,
      projectService: projects,
    }),
    usageReport: createUsageReportService({ config, repos }),
    versions: createVersionService({ blobs, log, repos, projectService: projects }),
    restore: createRestoreService({ log, repos, projectService: projects, push, changesets }),
    changesets,
    /** The map of a project's GeoPackages: layers, vector tiles, features. */
    map: createMapService({
      blobs,
      engine,
      cache: createMapCache(path.join(config.dataDir, 'map-cache')),
      cacheMaxBytes: config.mapCacheMaxBytes,
      log,
      repos,
      projectService: projects,
      access: mapAccess,
    }),
    /** A workspace's webhooks for its admins, and the deliveries' tries (the webhook jobs). */
    webhooks: createWebhookService({ config, log, repos }),
    webhookDeliveries,
    /** The mail job's delivery (one try of one mail). */
    mail,
    /** Where services send background jobs; `main.ts` attaches the queue once it runs. */
    jobs,
    /** What the caches must hear of writes made below the services (tests arranging data: `createRepositories`). */
    writeHooks,
    /** Ends the engine's worker threads (at shutdown). */
    close: () => engine.close(),
  };
}

export type AppContext = ReturnType<typeof createContext>;
