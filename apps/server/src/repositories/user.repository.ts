import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** All SQL about users. */
export function createUserRepository(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Username or email, both matched case-insensitively; an `@` means email. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const column = login.includes('@') ? users.email : users.username;
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${column}) = lower(${login})`);
      return row;
    },

    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      return row;
    },

    /**
     * The users these names belong to (case-insensitively, as `findByUsername`), in one query however many names
     * are given: each name as given → the user's id and whether the account is active. Names of nobody are
     * missing from the map.
     */
    async findIdsByUsernames(
      usernames: readonly string[],
    ): Promise<Map<string, { id: number; active: boolean }>> {
      if (usernames.length === 0) return new Map();
      const rows = await db
        .select({ given: sql<string>`given.name`, id: users.id, active: users.active })
        .from(sql`unnest(${sql.param([...usernames])}::text[]) AS given(name)`)
        .innerJoin(users, sql`lower(${users.username}) = lower(given.name)`);
      return new Map(rows.map(({ given, ...user }) => [given, user]));
    },

    /** Many users by id, in one query. */
    async findByIds(ids: readonly number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },

    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /**
     * Setting a password or deactivating the account also bumps the token epoch in the same statement, so
     * every Bearer token and session issued before ends, whichever path made the change.
     */
    async update(id: number, changes: Partial<NewUser>): Promise<UserRow | undefined> {
      const endsCredentials = changes.passwordHash !== undefined || changes.active === false;
      const [row] = await db
        .update(users)
        .set(endsCredentials ? { ...changes, tokenEpoch: sql`${users.tokenEpoch} + 1` } : changes)
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Ends every Bearer token and session issued so far; answers the new epoch (undefined: no such user). */
    async bumpTokenEpoch(id: number): Promise<number | undefined> {
      const [row] = await db
        .update(users)
        .set({ tokenEpoch: sql`${users.tokenEpoch} + 1` })
        .where(eq(users.id, id))
        .returning({ tokenEpoch: users.tokenEpoch });
      return row?.tokenEpoch;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
