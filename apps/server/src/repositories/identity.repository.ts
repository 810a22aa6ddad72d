import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { ssoStates, userIdentities } from '../db/schema.ts';

export type IdentityRow = typeof userIdentities.$inferSelect;
export type SsoStateRow = typeof ssoStates.$inferSelect;

/** All SQL about single sign-on: the provider accounts linked to users, and the sign-in attempts under way. */
export function createIdentityRepository(db: Db) {
  return {
    async find(issuer: string, subject: string): Promise<IdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
      return row;
    },

    /** Links a provider account to a user; undefined when that account is linked already (to anyone). */
    async insert(identity: typeof userIdentities.$inferInsert): Promise<IdentityRow | undefined> {
      const [row] = await db.insert(userIdentities).values(identity).onConflictDoNothing().returning();
      return row;
    },

    async listForUser(userId: number): Promise<IdentityRow[]> {
      return db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
    },

    async touch(id: number, at: Date): Promise<void> {
      await db.update(userIdentities).set({ lastUsedAt: at }).where(eq(userIdentities.id, id));
    },

    /** Removes one of the user's links; false when the user has no link with this id. */
    async delete(id: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(userIdentities)
        .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
        .returning({ id: userIdentities.id });
      return rows.length > 0;
    },

    /** How many users have a linked provider account (the admin panel's status). */
    async countLinkedUsers(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${userIdentities.userId})::int` })
        .from(userIdentities);
      return row?.n ?? 0;
    },

    async insertState(state: typeof ssoStates.$inferInsert): Promise<void> {
      await db.insert(ssoStates).values(state);
    },

    /** Reads and deletes a sign-in attempt in one statement: a state is used once, however many callbacks race. */
    async consumeState(state: string): Promise<SsoStateRow | undefined> {
      const [row] = await db.delete(ssoStates).where(eq(ssoStates.state, state)).returning();
      return row;
    },

    /** Deletes the attempts that expired unused; answers how many. */
    async deleteExpiredStates(now: Date): Promise<number> {
      const rows = await db
        .delete(ssoStates)
        .where(lt(ssoStates.expiresAt, now))
        .returning({ state: ssoStates.state });
      return rows.length;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
