import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import type { UserRow } from './user.repository.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** All SQL about browser sessions. */
export function createSessionRepository(db: Db) {
  return {
    async insert(session: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(session);
    },

    /** The live session with its active user, or undefined when expired, unknown or the user is inactive. */
    async findActive(id: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), eq(users.active, true)));
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteForUser(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
