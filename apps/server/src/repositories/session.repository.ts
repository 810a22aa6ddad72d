import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import { reusable } from './reusable.ts';
import type { UserRow } from './user.repository.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** All SQL about browser sessions. */
export function createSessionRepository(db: Db) {
  // Every request with a session cookie looks it up: built once (see `reusable`), not per request.
  const active = reusable(() =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.active, true),
          eq(sessions.tokenEpoch, users.tokenEpoch),
        ),
      ),
  );
  return {
    async insert(session: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(session);
    },

    /**
     * The live session with its active user, or undefined when expired, unknown, the user is inactive or the
     * user's token epoch has moved on since the session started.
     */
    async findActive(id: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await active().execute({ id, now });
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Deletes the user's sessions, all of them or all but `exceptId`. */
    async deleteForUser(userId: number, exceptId?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          and(eq(sessions.userId, userId), exceptId === undefined ? undefined : ne(sessions.id, exceptId)),
        );
    },

    /** Moves the user's session to their new token epoch, so it outlives the credentials that epoch ended. */
    async setTokenEpoch(id: string, userId: number, tokenEpoch: number): Promise<void> {
      await db
        .update(sessions)
        .set({ tokenEpoch })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId)));
    },

    /** Deletes sessions that expired or whose user's token epoch has moved on (they can never be used again). */
    async deleteExpired(now: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, now),
            sql`${sessions.tokenEpoch} <> (select ${users.tokenEpoch} from ${users} where ${users.id} = ${sessions.userId})`,
          ),
        );
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
