import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { blobs } from '../src/db/schema.ts';
import { serverJobs } from '../src/jobs/jobs.ts';
import { startJobQueue } from '../src/jobs/queue.ts';
import { createLogger } from '../src/lib/logger.ts';
import type { Clock } from '../src/lib/ttl-cache.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createRepositories } from '../src/repositories/repositories.ts';
import { createDatabaseFromTemplate, databaseUrl, dropDatabase } from './postgres-admin.ts';

export const TEST_PASSWORD = 'Test-pass1';

/** Opens this file's own database: a copy of the migrated template, on PGlite or PostgreSQL. */
export async function openTestDatabase(onQuery: (sql: string) => void) {
  const postgresUrl = process.env.WAYMARK_TEST_POSTGRES_URL;
  const template = inject('postgresTemplate');
  if (postgresUrl && template) {
    const name = await createDatabaseFromTemplate(postgresUrl, template);
    const database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(postgresUrl, name),
      poolSize: 4,
      onQuery,
    });
    return {
      database,
      drop: async () => {
        await database.close();
        await dropDatabase(postgresUrl, name);
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]), onQuery });
  return { database, drop: () => database.close() };
}

/** A clock for the app's caches that stands still until the test moves it (`startTestServer`'s `clock`). */
export function manualClock() {
  let now = 1_000; // not 0: lru-cache reads a start time of 0 as "no time"
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Starts the real app on a random port against a fresh database. `env` overrides the config. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    serveWebApp?: boolean;
    jobs?: boolean;
    /** Told every SQL statement before it is sent (a test can act at a chosen step of a request). */
    onQuery?: (sql: string) => void;
    /** The server's log lines (JSON) at this level go to `write`; silent otherwise. */
    logTo?: { level: 'debug' | 'info'; write(line: string): void };
    /** The caches' clock (`createContext`): a test moves it past their time instead of waiting. */
    clock?: Clock;
    /** Listen on this port (a test that must know its address before the start, e.g. for BASE_URL); random else. */
    port?: number;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: 'test-secret-key-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  });
  let queryCount = 0;
  // The maintenance switch is read at most once a second (a time-based cache), so whether a request reads it
  // depends on the clock, not on the work: it is left out of the counts.
  const { database, drop } = await openTestDatabase((text) => {
    if (!text.includes('"server_settings"')) queryCount += 1;
    options.onQuery?.(text);
  });
  const log = options.logTo ? createLogger(options.logTo.level, options.logTo) : createLogger('silent');
  const context = createContext({
    config,
    db: database.db,
    mailer: createMailer(config, log),
    log,
    connections: database.connections,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const app = await buildApp(context, { serveWebApp: options.serveWebApp ?? false });
  // The job queue runs only where a test asks for it (it polls the database every second).
  const queue = options.jobs
    ? await startJobQueue({
        executeSql: database.executeSql,
        jobs: serverJobs(context),
        log,
        pollingIntervalSeconds: 1,
        onFailure: context.metrics.jobFailed,
      })
    : undefined;
  context.jobs.attach(queue);
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // Tests may arrange data below the services; the app itself only reaches repositories through them. Their
  // writes are forgotten by the app's caches as the app's own are.
  const repos = createRepositories(database.db, context.writeHooks);
  return {
    url: `http://127.0.0.1:${port}`,
    context,
    repos,
    database,
    dataDir,
    /** Runs `work` and counts the SQL statements sent to the database meanwhile (by anyone: run it alone). */
    async countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
      const before = queryCount;
      const result = await work();
      return { result, queries: queryCount - before };
    },
    /** Creates a user with a personal workspace through the real service. */
    async createUser(input: { username: string; email?: string; password?: string; isAdmin?: boolean }) {
      return context.users.createUser({
        username: input.username,
        email: input.email ?? `${input.username}@example.com`,
        password: input.password ?? TEST_PASSWORD,
        isAdmin: input.isAdmin ?? false,
      });
    },
    /** Creates a project through the real service as `owner` (a user with admin rights on the workspace). */
    async createProject(
      owner: string,
      namespace: string,
      name: string,
      options: { isPublic?: boolean } = {},
    ) {
      const user = await repos.users.findByUsername(owner);
      if (!user) throw new Error(`no user ${owner}`);
      return context.projects.create({
        actor: { id: user.id, isAdmin: user.isAdmin },
        namespace,
        name,
        isPublic: options.isPublic ?? false,
        request: { userAgent: 'test' },
      });
    },
    /**
     * Gives a new project a first version with these files, stored in the blob store (uploads arrive with the push
     * issue). Returns the blob hashes used.
     */
    async seedFiles(projectId: string, files: Array<{ path: string; content: string }>) {
      const rows = [];
      for (const file of files) {
        const stored = await context.blobs.put(Readable.from([Buffer.from(file.content)]));
        rows.push({
          path: file.path,
          size: stored.size,
          checksum: createHash('sha1').update(file.content).digest('hex'),
          blobSha256: stored.sha256,
        });
      }
      await database.db
        .insert(blobs)
        .values(rows.map((r) => ({ sha256: r.blobSha256, size: r.size })))
        .onConflictDoNothing();
      const diskUsage = rows.reduce((sum, r) => sum + r.size, 0);
      await repos.projects.insertFilesAsFirstVersion(
        projectId,
        rows.map((r) => ({ ...r, projectId, historyId: 0, mtime: new Date(), diff: null })),
        { authorId: null, userAgent: 'test', projectSize: diskUsage },
      );
      const tags =
        rows.filter((r) => /\.qgz?$|\.qgs$/i.test(r.path)).length === 1 ? ['valid_qgis', 'input_use'] : [];
      await repos.projects.update(projectId, {
        latestVersion: 1,
        diskUsage,
        tags,
        updatedAt: new Date(),
      });
      return rows.map((r) => r.blobSha256);
    },
    async close() {
      // Clients of a test (fetch keeps connections alive, four at a time for parallel chunks) may leave sockets
      // that Node never counts as idle; the test is over, so every connection goes.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await queue?.stop();
      await context.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
