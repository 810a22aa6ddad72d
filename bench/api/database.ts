/** The API bench's PostgreSQL: its database made and dropped, its backends' CPU and transactions read. */
import pg from 'pg';
import { cpuSeconds } from '../lib/server-process.ts';

/**
 * CPU seconds used so far by the PostgreSQL backends serving the bench database (the server's pool), read from
 * /proc by their pids; 0 when the database server is elsewhere or not on Linux. Backends that ended in between are
 * not counted (the pool keeps its connections while loaded).
 */
export async function databaseCpuSeconds(client: pg.Client, databaseName: string): Promise<number> {
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [databaseName],
  );
  return rows.reduce((sum, row) => sum + cpuSeconds(row.pid), 0);
}

/**
 * Transactions committed or rolled back so far in the bench database, as PostgreSQL's statistics have them: each
 * statement the server sends outside a transaction is one, so the difference over a run divided by its requests is
 * the statements a request costs (the job queue's polling adds a few a second). Backends report at most once a
 * second, so this is read a little over a second after a run.
 */
export async function databaseTransactions(client: pg.Client, databaseName: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
    [databaseName],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Runs `sql` on the `postgres` database of the server at `pgBase` (to create or drop the bench's). */
export async function admin(pgBase: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
