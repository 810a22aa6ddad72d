import path from 'node:path';
import { buildApp } from './app.ts';
import { bootstrapAdmin } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { HOUSEKEEPING_JOB, serverJobs, UPLOAD_CLEANUP_JOB, USAGE_SNAPSHOT_JOB } from './jobs/jobs.ts';
import { startJobQueue } from './jobs/queue.ts';
import { limitHeapGrowth } from './lib/heap-growth.ts';
import { createLogger } from './lib/logger.ts';
import { keepNewFilesPrivate, makePrivate } from './lib/private-files.ts';
import { createMailer } from './mail/mailer.ts';

async function main(): Promise<void> {
  limitHeapGrowth();
  // Before anything creates a file (the configuration may create the data folder and its secret).
  keepNewFilesPrivate();
  const config = loadConfig();
  // Data folders of earlier versions: the folder itself and its entries (what lies below them is then out of
  // reach of other users; the embedded database's files are fixed one by one when it opens).
  const shared = makePrivate(config.dataDir, 1);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : {
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'pgdata'),
          sharedBuffers: config.pgliteSharedBuffers,
        },
  );
  const log = createLogger(config.logLevel);
  if (shared.length > 0) log.warn({ paths: shared }, 'not owned by this user: could not make them private');
  const context = createContext({
    config,
    db: database.db,
    mailer: createMailer(config, log),
    log,
    connections: database.connections,
  });
  await context.blobs.check().catch((error: unknown) => {
    throw new ConfigError((error as Error).message);
  });
  const app = await buildApp(context);
  // Several processes may start at once on one database: migrations, the first superuser and the job queue's
  // own schema are set up by one at a time (PostgreSQL advisory lock), never raced.
  const queue = await database.exclusively(async () => {
    await database.migrate();
    await bootstrapAdmin(context, (line) => console.log(line));
    return startJobQueue({
      executeSql: database.executeSql,
      jobs: serverJobs(context),
      log,
      pollingIntervalSeconds: config.testJobPollSeconds,
      onFailure: context.metrics.jobFailed,
    });
  });
  context.jobs.attach(queue);
  // What a previous run may have left behind (a crash mid-push) goes at once, not at the next schedule. Both jobs
  // are idempotent, so processes starting together may each run them.
  await queue.send(UPLOAD_CLEANUP_JOB);
  await queue.send(HOUSEKEEPING_JOB);
  await queue.send(USAGE_SNAPSHOT_JOB, { ifDue: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await queue.stop();
    await context.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL'
    : `embedded PGlite in ${path.join(config.dataDir, 'pgdata')}`;
  app.log.info(`Waymark is running on http://localhost:${config.port} (database: ${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
