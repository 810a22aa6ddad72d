import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import type { Logger as QueryLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';
import { makePrivate } from '../lib/private-files.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database, Db } from './database.ts';
import { createPgliteDatabase, hasPgliteDatabase } from './pglite-initdb.ts';
import { drizzleClient, readDrizzleTypesAsText } from './pglite-parsers.ts';
import { createPreparedStatements } from './pglite-statements.ts';
import { PLANNER_SETTINGS } from './planner-settings.ts';
import * as schema from './schema.ts';

/**
 * PostgreSQL settings of the embedded database. PGlite runs PostgreSQL in this process's WebAssembly memory,
 * which only grows: the stock `shared_buffers` (128MB) is allocated and touched at start and is most of the
 * server's resident memory. One process serves one connection, and the database's pages stay in the operating
 * system's page cache anyway (PGlite reads and writes real files), so a small buffer pool costs little.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  /** Single-user mode has one backend; lock and process tables are sized by this. */
  max_connections: '8',
  ...PLANNER_SETTINGS,
} as const;

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 compiles it twice by default: at once with its baseline
 * compiler (Liftoff), then again, function by function in background threads, with its optimising one
 * (TurboFan), keeping both. Measured on PGlite 0.5 / Node 20: Liftoff only saves ~55 MB of resident memory and
 * ~1 s of CPU at start, and costs ~5% per short query (~12% on a heavy one). Set before the module is compiled;
 * the server holds no other WebAssembly.
 */
export function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

/** PGlite's own start parameters followed by our settings (`-c name=value`, not written to the data folder). */
function pgliteStartParams(sharedBuffers: string | undefined): string[] {
  const settings = { ...PGLITE_SETTINGS, ...(sharedBuffers ? { shared_buffers: sharedBuffers } : {}) };
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

/** Opens the embedded PGlite in this process, its data folder locked against others (unless `lock` is false). */
export async function openPglite(
  options: {
    dataDir?: string | undefined;
    loadDataDir?: Blob | undefined;
    lock?: boolean | undefined;
    sharedBuffers?: string | undefined;
  },
  logger: QueryLogger | undefined,
): Promise<Database> {
  let releaseLock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    if (options.lock !== false) releaseLock = acquireDataDirLock(options.dataDir);
  }
  useBaselineWasmCompiler();
  try {
    const startParams = pgliteStartParams(options.sharedBuffers);
    if (options.dataDir && !options.loadDataDir && !hasPgliteDatabase(options.dataDir)) {
      await createPgliteDatabase(options.dataDir, startParams);
    }
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      startParams,
    });
    // PGlite writes the files of a new database 0666 whatever the umask (the files PostgreSQL creates later are
    // 0600): the data is the server's alone.
    if (options.dataDir) makePrivate(options.dataDir);
    // Raw statements (pg-boss's) read dates as PGlite answers them (`Date`s), Drizzle's as text.
    let ownParsers = readDrizzleTypesAsText(client);
    const db = drizzlePglite(drizzleClient(client, createPreparedStatements(client)), {
      schema,
      logger,
    });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      executeSql: async (text, values) => {
        const parse = { parsers: ownParsers };
        if (values && values.length > 0) return { rows: (await client.query(text, values, parse)).rows };
        const results = await client.exec(text, parse);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      migrate: async () => {
        await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
        // PGlite learns the array types (how to send `project_role[]` and read it back) when it opens; types the
        // migrations just created (every enum, on a first run) would otherwise travel as plain text until the
        // next start ('malformed array literal'). One catalogue query; a no-op when nothing was created.
        await client.refreshArrayTypes();
        ownParsers = { ...ownParsers, ...readDrizzleTypesAsText(client) };
      },
      exclusively: (work) => work(),
      connections: () => ({ total: 1 }),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
