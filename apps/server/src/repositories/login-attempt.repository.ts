import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginAttempts } from '../db/schema.ts';

/**
 * Advisory lock spaces (the first key of `pg_advisory_xact_lock(int, int)`): one for accounts, one for IP
 * addresses, so the two kinds of key never collide and every reservation takes them in the same order.
 */
const ACCOUNT_LOCK_SPACE = 0x574d0001;
const IP_LOCK_SPACE = 0x574d0002;

export type LoginAttemptLimits = { since: Date; perAccount: number; perIp: number };

/** All SQL about login attempts (rate limiting and login history). */
export function createLoginAttemptRepository(db: Db) {
  const countFailures = async (
    tx: Db,
    column: typeof loginAttempts.accountKey | typeof loginAttempts.ip,
    value: string,
    since: Date,
  ): Promise<number> => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
    return row?.n ?? 0;
  };

  return {
    /**
     * Records the attempt as failed before its password is checked, unless the account or the IP address
     * already has `limits` failures since `limits.since`; answers the attempt's id, or null when refused.
     * Check and insert happen under transaction-scoped advisory locks on the account and the address, so
     * parallel attempts (in any number of server processes) are counted one after the other.
     */
    async reserve(
      attempt: { accountKey: string; ip: string; userId: number | null; userAgent: string | null },
      limits: LoginAttemptLimits,
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_SPACE}, hashtext(${attempt.accountKey}))`,
        );
        await tx.execute(sql`select pg_advisory_xact_lock(${IP_LOCK_SPACE}, hashtext(${attempt.ip}))`);
        const accountFailures = await countFailures(
          tx,
          loginAttempts.accountKey,
          attempt.accountKey,
          limits.since,
        );
        if (accountFailures >= limits.perAccount) return null;
        const ipFailures = await countFailures(tx, loginAttempts.ip, attempt.ip, limits.since);
        if (ipFailures >= limits.perIp) return null;
        const [row] = await tx
          .insert(loginAttempts)
          .values({ ...attempt, succeeded: false })
          .returning({ id: loginAttempts.id });
        if (!row) throw new Error('insert into login_attempts returned no row');
        return row.id;
      });
    },

    /** Forgets attempts made before `cutoff`; answers how many. */
    async deleteBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(loginAttempts)
        .where(lt(loginAttempts.createdAt, cutoff))
        .returning({ id: loginAttempts.id });
      return rows.length;
    },

    /** Marks a reserved attempt as a successful sign-in, so it no longer counts as a failure. */
    async markSucceeded(id: number): Promise<void> {
      await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;
