import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginAttempts } from '../db/schema.ts';

/** All SQL about login attempts (rate limiting and login history). */
export function createLoginAttemptRepository(db: Db) {
  return {
    async record(attempt: typeof loginAttempts.$inferInsert): Promise<void> {
      await db.insert(loginAttempts).values(attempt);
    },

    async countFailuresForAccount(accountKey: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.accountKey, accountKey),
            eq(loginAttempts.succeeded, false),
            gt(loginAttempts.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    async countFailuresFromIp(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.ip, ip),
            eq(loginAttempts.succeeded, false),
            gt(loginAttempts.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;
