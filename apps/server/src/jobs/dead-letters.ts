import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { JOB_SCHEMA } from './queue.ts';

/** A job of a dead-letter queue: what the job carried, the last try's error (pg-boss's output), when it failed. */
export type DeadLetterRow = { data: unknown; output: unknown; createdOn: Date };

/**
 * Reads pg-boss's own tables (schema JOB_SCHEMA) for the admin panel; pg-boss writes them (so the reading lives
 * here, beside the queue, not among the repositories of our own tables). Before the queue first
 * started (the CLI, tests without a queue) the tables do not exist and there is nothing to read.
 */
export function createDeadLetterReader(db: Db) {
  const schema = sql.identifier(JOB_SCHEMA);
  return {
    /** The newest jobs of a dead-letter queue, waiting or already archived by pg-boss. */
    async deadLetters(queue: string, limit: number): Promise<DeadLetterRow[]> {
      const found = (await db.execute(
        sql`SELECT to_regclass(${`${JOB_SCHEMA}.job`}) IS NOT NULL AS ready`,
      )) as unknown as { rows: Array<{ ready: boolean }> };
      if (!found.rows[0]?.ready) return [];
      const result = (await db.execute(
        sql`SELECT data, output, created_on AS "createdOn" FROM (
              SELECT data, output, created_on FROM ${schema}.job WHERE name = ${queue}
              UNION ALL
              SELECT data, output, created_on FROM ${schema}.archive WHERE name = ${queue}
            ) dead ORDER BY created_on DESC LIMIT ${limit}`,
      )) as unknown as { rows: Array<{ data: unknown; output: unknown; createdOn: Date | string }> };
      return result.rows.map((row) => ({ ...row, createdOn: new Date(row.createdOn) }));
    },
  };
}

export type DeadLetterReader = ReturnType<typeof createDeadLetterReader>;
