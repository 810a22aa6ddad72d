import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger as QueryLogger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { makePrivate } from '../lib/private-files.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

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

/** The key of the start-up advisory lock (any constant; `0x7761796d` is "waym"). */
export const STARTUP_LOCK_KEY = 0x7761796d;

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

/**
 * Planner settings of the app's connections (both databases). `random_page_cost`: PostgreSQL's default of 4
 * prices a random page read as four sequential ones, which is right for spinning disks and wrong where the working
 * set is cached or on SSDs (PostgreSQL's documentation says to lower it there). With 4 the project list's
 * visibility (a user's projects as the union of three index lookups) was planned as three sequential scans of every
 * project: 3 ms instead of 0.7 ms with 10,000 projects (bench/api/README.md). `plan_cache_mode`: a prepared
 * statement (every statement with values is one, see `nameStatements`) is planned once per connection. With the
 * default (`auto`) PostgreSQL kept planning the project list anew for its values on every execution, because its
 * generic plan's estimate looked dearer: 0.5 ms of planning for a statement that runs in 1 ms, with the same plan.
 * Our statements are key and index lookups whose best plan does not depend on the values; the one thing a generic
 * plan cannot do is prove a partial index's condition from a parameter, so queries state those conditions
 * literally (`projects.public`, `changeset_status = 'pending'`). `jit`: no JIT compilation; our queries are short,
 * and PostgreSQL starts it by estimated cost, which for a count over many projects reached its threshold and spent
 * 30–130 ms compiling a query that runs in a few.
 */
export const PLANNER_SETTINGS = {
  jit: 'off',
  random_page_cost: '1.1',
  plan_cache_mode: 'force_generic_plan',
} as const;

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

const queryLogger = (onQuery: QueryObserver | undefined): QueryLogger | undefined =>
  onQuery ? { logQuery: (sql) => onQuery(sql) } : undefined;

/** How many distinct statements each PostgreSQL connection keeps prepared at most (see `nameStatements`). */
export const MAX_NAMED_STATEMENTS = 200;

/**
 * Makes the pool's connections prepare each parameterised statement once and reuse it: a statement gets a name
 * derived from its text (so one name always means one text), and node-postgres then sends PostgreSQL the text
 * only the first time a connection runs it; afterwards only the values. PostgreSQL parses and plans it once per
 * connection instead of once per request (plans are still made for the values until a generic plan is known to
 * be as good: `plan_cache_mode` auto). The planning was most of the time the project list took in the
 * database (bench/api/README.md). At most `MAX_NAMED_STATEMENTS` texts get names, the first ones seen (a few
 * dozen in practice; texts vary only with a query's shape, never with its values), so a connection's memory stays
 * bounded; statements without values (migrations, DDL) stay unnamed.
 */
function nameStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_NAMED_STATEMENTS) return known;
    const name = `wm_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const [first, values] = args;
        const config: unknown = typeof first === 'string' ? { text: first } : first;
        if (
          Array.isArray(values) &&
          values.length > 0 &&
          typeof config === 'object' &&
          config !== null &&
          'text' in config &&
          typeof config.text === 'string' &&
          !('name' in config && config.name) &&
          !('submit' in config) // a Query object or cursor: handed on as it is
        ) {
          const name = nameOf(config.text);
          if (name !== undefined) return query({ ...config, name }, ...args.slice(1));
        }
        return query(...args);
      },
    });
  });
}

/** Opens PostgreSQL (node-postgres pool) or the embedded PGlite, behind one Drizzle API. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // PLANNER_SETTINGS; an `options` parameter in DATABASE_URL takes precedence over this one.
      options: Object.entries(PLANNER_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    nameStatements(pool);
    const db = drizzlePg(pool, { schema, logger: queryLogger(options.onQuery) }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      executeSql: async (text, values) => {
        const result = await pool.query(text, values && values.length > 0 ? values : undefined);
        // A multi-statement text answers one result per statement.
        const last = Array.isArray(result) ? (result as pg.QueryResult[]).at(-1) : result;
        return { rows: last?.rows ?? [] };
      },
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
      exclusively: async (work) => {
        const holder = new pg.Client({ connectionString: options.url });
        holder.on('error', () => undefined);
        await holder.connect();
        try {
          await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          // Closing the session releases the lock too; the explicit unlock only makes it prompt.
          await holder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
          await holder.end().catch(() => undefined);
        }
      },
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let releaseLock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    if (options.lock !== false) releaseLock = acquireDataDirLock(options.dataDir);
  }
  useBaselineWasmCompiler();
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      startParams: pgliteStartParams(options.sharedBuffers),
    });
    // PGlite writes the files of a new database 0666 whatever the umask (the files PostgreSQL creates later are
    // 0600): the data is the server's alone.
    if (options.dataDir) makePrivate(options.dataDir);
    const db = drizzlePglite(client, { schema, logger: queryLogger(options.onQuery) });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      executeSql: async (text, values) => {
        if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      migrate: async () => {
        await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
        // PGlite learns the array types (how to send `project_role[]` and read it back) when it opens; types the
        // migrations just created (every enum, on a first run) would otherwise travel as plain text until the
        // next start ('malformed array literal'). One catalogue query; a no-op when nothing was created.
        await client.refreshArrayTypes();
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
