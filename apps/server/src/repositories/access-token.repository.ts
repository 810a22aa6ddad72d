import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accessTokens, users } from '../db/schema.ts';
import { reusable } from './reusable.ts';

export type AccessTokenRow = typeof accessTokens.$inferSelect;

/** A token is live while unexpired and made in its user's current token epoch. */
const live = (now: Date) =>
  and(
    gt(accessTokens.expiresAt, now),
    sql`${accessTokens.tokenEpoch} = (select ${users.tokenEpoch} from ${users} where ${users.id} = ${accessTokens.userId})`,
  );

/** All SQL about personal access tokens. */
export function createAccessTokenRepository(db: Db) {
  // Every request with a personal access token looks it up (unless kept in the process's cache).
  const byHash = reusable(() =>
    db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sql.placeholder('hash'))),
  );
  return {
    async insert(token: typeof accessTokens.$inferInsert): Promise<AccessTokenRow> {
      const [row] = await db.insert(accessTokens).values(token).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findByHash(hash: string): Promise<AccessTokenRow | undefined> {
      const [row] = await byHash().execute({ hash });
      return row;
    },

    /** The user's live tokens, oldest first. */
    async listLive(userId: number, now: Date): Promise<AccessTokenRow[]> {
      return db
        .select()
        .from(accessTokens)
        .where(and(eq(accessTokens.userId, userId), live(now)))
        .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
    },

    /** Every user's live tokens with their owner's username, oldest first. */
    async listAllLive(now: Date): Promise<Array<AccessTokenRow & { username: string }>> {
      const rows = await db
        .select({ token: accessTokens, username: users.username })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(and(live(now), eq(users.active, true)))
        .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
      return rows.map((row) => ({ ...row.token, username: row.username }));
    },

    async countLive(userId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(accessTokens)
        .where(and(eq(accessTokens.userId, userId), live(now)));
      return row?.n ?? 0;
    },

    /** Deletes the token (of `userId` when given); answers the deleted row. */
    async delete(id: number, userId?: number): Promise<AccessTokenRow | undefined> {
      const [row] = await db
        .delete(accessTokens)
        .where(
          and(eq(accessTokens.id, id), userId === undefined ? undefined : eq(accessTokens.userId, userId)),
        )
        .returning();
      return row;
    },

    async touch(id: number, at: Date): Promise<void> {
      await db.update(accessTokens).set({ lastUsedAt: at }).where(eq(accessTokens.id, id));
    },

    /** Deletes the tokens that expired or that a token epoch bump ended; answers how many. */
    async deleteEnded(now: Date): Promise<number> {
      const rows = await db
        .delete(accessTokens)
        .where(
          or(
            lt(accessTokens.expiresAt, now),
            sql`${accessTokens.tokenEpoch} <> (select ${users.tokenEpoch} from ${users} where ${users.id} = ${accessTokens.userId})`,
          ),
        )
        .returning({ id: accessTokens.id });
      return rows.length;
    },
  };
}

export type AccessTokenRepository = ReturnType<typeof createAccessTokenRepository>;
