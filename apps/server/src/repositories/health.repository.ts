import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** The database's own health: whether it answers at all. */
export function createHealthRepository(db: Db) {
  return {
    /** A trivial query: resolves when the database answers, throws when it cannot be reached. */
    async ping(): Promise<void> {
      await db.execute(sql`SELECT 1`);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
