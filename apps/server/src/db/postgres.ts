import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger as QueryLogger } from 'drizzle-orm/logger';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database, Db } from './database.ts';
import { PLANNER_SETTINGS } from './planner-settings.ts';
import * as schema from './schema.ts';
import { nameStatements } from './statement-names.ts';

/** The key of the start-up advisory lock (any constant; `0x7761796d` is "waym"). */
export const STARTUP_LOCK_KEY = 0x7761796d;

/** Opens PostgreSQL through a node-postgres pool whose connections name their statements (statement-names.ts). */
export async function openPostgres(
  options: { url: string; poolSize?: number | undefined },
  logger: QueryLogger | undefined,
): Promise<Database> {
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
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
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
