import type { Logger as QueryLogger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type * as schema from './schema.ts';

export { PLANNER_SETTINGS } from './planner-settings.ts';
export { PGLITE_SETTINGS, useBaselineWasmCompiler } from './pglite.ts';
export { STARTUP_LOCK_KEY } from './postgres.ts';
export { MAX_NAMED_STATEMENTS } from './statement-names.ts';

export type Schema = typeof schema;
/** The query API shared by both drivers; repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL for libraries that bring their own (the job queue): multi-statement text when there are no values. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** Applies the migrations; the same process then uses their types at once (PGlite learns them again). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of the cluster runs its own: the start-up steps (migrations, the first
   * superuser, the job queue's schema) of several processes starting at once go one after the other. PostgreSQL:
   * a session advisory lock held on a connection of its own (so it works with a pool of one, and ends with the
   * process if it dies); PGlite: nothing to wait for, the data-folder lock already keeps other processes out.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Connections of this process's pool: open, idle, and queries waiting for one (PGlite: its one connection). */
  connections(): { total: number; idle?: number; waiting?: number };
  close(): Promise<void>;
};

/** Called with the SQL of every statement sent (tests count them; nothing else needs it). */
export type QueryObserver = (sql: string) => void;

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      lock?: boolean;
      /** PostgreSQL's `shared_buffers` (e.g. `16MB`); `PGLITE_SETTINGS` when not given. */
      sharedBuffers?: string | undefined;
    }
) & { onQuery?: QueryObserver | undefined };

const queryLogger = (onQuery: QueryObserver | undefined): QueryLogger | undefined =>
  onQuery ? { logQuery: (sql) => onQuery(sql) } : undefined;

/** Opens PostgreSQL (node-postgres pool, postgres.ts) or the embedded PGlite (pglite.ts), behind one Drizzle API. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = queryLogger(options.onQuery);
  return options.kind === 'postgres' ? openPostgres(options, logger) : openPglite(options, logger);
}
