import type { AdminUserSortField } from '@waymark/contract';
import { and, type AnyColumn, asc, eq, inArray, isNull, ne, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accessRequests, projectMembers, projects, sessions, users, workspaceMembers } from '../db/schema.ts';
import { escapeLike } from './like-pattern.ts';
import { reusable } from './reusable.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** What a user search looks for: ids, usernames, or a text in the username or e-mail. */
export type UserSearch = {
  like?: string | undefined;
  ids?: number[] | undefined;
  names?: string[] | undefined;
  /** Members of this project are left out. */
  excludeProjectId?: string | undefined;
  limit: number;
};

/** A username or e-mail with its separators made spaces, so `% text%` finds the text at the start of a word. */
const words = (column: AnyColumn) => sql`regexp_replace(lower(${column}), '[._@ -]', ' ', 'g')`;

/** A page of the admin user list: `like` in the username or e-mail, sorted by one field. */
export type AdminUserPage = {
  like?: string | undefined;
  orderBy: AdminUserSortField;
  descending: boolean;
  offset: number;
  limit: number;
};

const ADMIN_SORT: Record<AdminUserSortField, SQL> = {
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  registration_date: sql`${users.registrationDate}`,
  last_signed_in: sql`${users.lastSignedIn}`,
  active: sql`${users.active}`,
  is_admin: sql`${users.isAdmin}`,
};

/** Closed accounts keep their row under a username no one can choose (`.closed-<id>`); lists leave them out. */
export const notClosed = sql`${users.username} NOT LIKE '.%'`;

/** All SQL about users. */
export function createUserRepository(db: Db) {
  // Every Bearer request looks its caller up: built once (see `reusable`), not per request.
  const byId = reusable(() =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await byId().execute({ id });
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

    /**
     * Active users by ids, by usernames, or whose username or e-mail contains `like` (case-insensitively): exact
     * matches first, then matches at the start, at the start of a word, anywhere; then by username.
     */
    async search(input: UserSearch): Promise<UserRow[]> {
      const notMember = input.excludeProjectId
        ? notExists(
            db
              .select({ one: sql`1` })
              .from(projectMembers)
              .where(
                and(
                  eq(projectMembers.projectId, input.excludeProjectId),
                  eq(projectMembers.userId, users.id),
                ),
              ),
          )
        : undefined;
      const byUsername = asc(sql`lower(${users.username})`);
      const base = (match: SQL | undefined) =>
        db
          .select()
          .from(users)
          .where(and(eq(users.active, true), notMember, match))
          .limit(input.limit);
      if (input.ids) return base(inArray(users.id, input.ids)).orderBy(byUsername);
      if (input.names) {
        const names = input.names.map((name) => name.toLowerCase());
        return base(inArray(sql`lower(${users.username})`, names)).orderBy(byUsername);
      }
      const like = input.like ?? '';
      const text = escapeLike(like.toLowerCase());
      const rank = sql`CASE
        WHEN lower(${users.username}) = ${like.toLowerCase()} OR lower(${users.email}) = ${like.toLowerCase()} THEN 0
        WHEN lower(${users.username}) LIKE ${`${text}%`} OR lower(${users.email}) LIKE ${`${text}%`} THEN 1
        WHEN ${words(users.username)} LIKE ${`% ${text}%`} OR ${words(users.email)} LIKE ${`% ${text}%`} THEN 2
        ELSE 3 END`;
      const anywhere = sql`(lower(${users.username}) LIKE ${`%${text}%`} OR lower(${users.email}) LIKE ${`%${text}%`})`;
      return base(anywhere).orderBy(asc(rank), byUsername);
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    /**
     * One page of the accounts (closed ones left out) with whether one of their workspaces holds a live project,
     * and the total count, in two queries.
     */
    async adminPage(
      page: AdminUserPage,
    ): Promise<{ rows: Array<UserRow & { hasProject: boolean }>; count: number }> {
      const text = page.like ? `%${escapeLike(page.like.toLowerCase())}%` : undefined;
      const where = and(
        notClosed,
        text ? sql`(lower(${users.username}) LIKE ${text} OR lower(${users.email}) LIKE ${text})` : undefined,
      );
      const column = ADMIN_SORT[page.orderBy];
      // Written out: Drizzle would leave the outer column unqualified inside the subquery.
      const hasProject = sql<boolean>`EXISTS (SELECT 1 FROM workspace_members m JOIN projects p ON p.workspace_id = m.workspace_id WHERE m.user_id = users.id AND p.removed_at IS NULL)`;
      const [rows, [total]] = await Promise.all([
        db
          .select({ user: users, hasProject })
          .from(users)
          .where(where)
          .orderBy(
            page.descending ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`,
            asc(users.id),
          )
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      return { rows: rows.map((row) => ({ ...row.user, hasProject: row.hasProject })), count: total?.n ?? 0 };
    },

    /** Whether one of the user's workspaces holds a live project (the admin panel's `has_project`). */
    async hasProject(id: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(workspaceMembers)
        .innerJoin(projects, eq(projects.workspaceId, workspaceMembers.workspaceId))
        .where(and(eq(workspaceMembers.userId, id), isNull(projects.removedAt)))
        .limit(1);
      return rows.length > 0;
    },

    /** Active superusers other than `exceptId`, locked (FOR UPDATE) until the transaction ends. */
    async lockOtherActiveAdmins(exceptId: number): Promise<number> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdmin, true), eq(users.active, true), ne(users.id, exceptId)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.length;
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

    /**
     * Marks the address verified only if it is still `email` and still unverified (a profile change racing the
     * confirmation must not verify the new address); false when nothing matched.
     */
    async markEmailVerified(id: number, email: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ verifiedEmail: true })
        .where(
          and(eq(users.id, id), eq(users.verifiedEmail, false), sql`lower(${users.email}) = lower(${email})`),
        )
        .returning({ id: users.id });
      return rows.length > 0;
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

    /**
     * Closes an account: memberships, pending access requests and sessions go; the row stays (versions and
     * history keep pointing at it) but is inactive, without password or names, and its username and e-mail are
     * replaced by values no one can sign up with (a username may not start with a dot; the address has no @).
     */
    async close(id: number): Promise<void> {
      await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, id));
      await db.delete(projectMembers).where(eq(projectMembers.userId, id));
      await db
        .delete(accessRequests)
        .where(and(eq(accessRequests.requestedBy, id), sql`${accessRequests.resolvedAt} IS NULL`));
      await db.delete(sessions).where(eq(sessions.userId, id));
      await db
        .update(users)
        .set({
          username: `.closed-${id}`,
          email: `closed-${id}`,
          passwordHash: null,
          firstName: null,
          lastName: null,
          active: false,
          verifiedEmail: false,
          receiveNotifications: false,
          preferredWorkspaceId: null,
          tokenEpoch: sql`${users.tokenEpoch} + 1`,
        })
        .where(eq(users.id, id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
