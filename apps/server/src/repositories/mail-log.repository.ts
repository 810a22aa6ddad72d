import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { mailLog } from '../db/schema.ts';

/** Rows of the window ending now, by the database's clock (the same for every server process). */
const withinLast = (windowMs: number) =>
  sql`${mailLog.createdAt} > now() - ${windowMs} * interval '1 millisecond'`;

/** All SQL about the log of rate-limited outgoing mails. */
export function createMailLogRepository(db: Db) {
  return {
    /** Records one mail about to be sent; returns the row's id. */
    async record(entry: { kind: string; key: string; ip: string | null }): Promise<number> {
      const [row] = await db.insert(mailLog).values(entry).returning({ id: mailLog.id });
      if (!row) throw new Error('insert into mail_log returned no row');
      return row.id;
    },

    async remove(id: number): Promise<void> {
      await db.delete(mailLog).where(eq(mailLog.id, id));
    },

    async countForKey(kind: string, key: string, windowMs: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailLog)
        .where(and(eq(mailLog.kind, kind), eq(mailLog.key, key), withinLast(windowMs)));
      return row?.n ?? 0;
    },

    async countForIp(kind: string, ip: string, windowMs: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailLog)
        .where(and(eq(mailLog.kind, kind), eq(mailLog.ip, ip), withinLast(windowMs)));
      return row?.n ?? 0;
    },

    /** Deletes the rows older than `before`; returns how many. */
    async purgeBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(mailLog)
        .where(lt(mailLog.createdAt, before))
        .returning({ id: mailLog.id });
      return rows.length;
    },
  };
}

export type MailLogRepository = ReturnType<typeof createMailLogRepository>;
