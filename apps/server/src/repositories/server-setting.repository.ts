import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { serverSettings } from '../db/schema.ts';

/** Server-wide settings changed at run time, one JSON value per key, shared by every server process. */
export function createServerSettingRepository(db: Db) {
  return {
    async get(key: string): Promise<unknown> {
      const [row] = await db
        .select({ value: serverSettings.value })
        .from(serverSettings)
        .where(eq(serverSettings.key, key));
      return row?.value;
    },

    /** Stores the value unless the key has one (the first of several processes wins). */
    async setIfMissing(key: string, value: unknown): Promise<void> {
      await db.insert(serverSettings).values({ key, value }).onConflictDoNothing();
    },

    async set(key: string, value: unknown, updatedBy: number | null): Promise<void> {
      await db
        .insert(serverSettings)
        .values({ key, value, updatedBy })
        .onConflictDoUpdate({
          target: serverSettings.key,
          set: { value, updatedBy, updatedAt: sql`now()` },
        });
    },
  };
}

export type ServerSettingRepository = ReturnType<typeof createServerSettingRepository>;
