import path from 'node:path';
import { buildApp } from './app.ts';
import { bootstrapAdmin } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { HOUSEKEEPING_JOB, serverJobs, UPLOAD_CLEANUP_JOB } from './jobs/jobs.ts';
import { startJobQueue } from './jobs/queue.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './mail/mailer.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : {
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'pgdata'),
          sharedBuffers: config.pgliteSharedBuffers,
        },
  );
  await database.migrate();

  const log = createLogger(config.logLevel);
  const context = createContext({ config, db: database.db, mailer: createMailer(config, log), log });
  await context.blobs.check().catch((error: unknown) => {
    throw new ConfigError((error as Error).message);
  });
  const app = await buildApp(context);
  await bootstrapAdmin(context, (line) => console.log(line));
  const queue = await startJobQueue({ executeSql: database.executeSql, jobs: serverJobs(context), log });
  context.jobs.attach(queue);
  // What a previous run may have left behind (a crash mid-push) goes at once, not at the next schedule.
  await queue.send(UPLOAD_CLEANUP_JOB);
  await queue.send(HOUSEKEEPING_JOB);

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
