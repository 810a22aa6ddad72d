import path from 'node:path';
import { CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { DomainError } from '../lib/errors.ts';
import { createLogger } from '../lib/logger.ts';
import { createMailer } from '../mail/mailer.ts';
import { createMaintenanceService } from '../services/maintenance.service.ts';
import { buildProgram, MigrationIncompleteError } from './program.ts';
import { localBlobStore, s3BlobStore } from '../storage/open-blob-store.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const program = buildProgram({
    maintenance: createMaintenanceService({ config }),
    maintenanceInDatabase: config.databaseUrl !== undefined,
    blobStores: () => ({ local: localBlobStore(config), s3: s3BlobStore(config) }),
    print: (line) => console.log(line),
    async withContext(run) {
      const database = await openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
          : {
              kind: 'pglite',
              dataDir: path.join(config.dataDir, 'pgdata'),
              sharedBuffers: config.pgliteSharedBuffers,
            },
      );
      try {
        await database.migrate();
        const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
        return await run(createContext({ config, db: database.db, mailer: createMailer(config, log), log }));
      } finally {
        await database.close();
      }
    },
  });
  await program.parseAsync(process.argv);
}

main().catch((error: unknown) => {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (
    error instanceof DomainError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationIncompleteError
  ) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
