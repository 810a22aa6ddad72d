import type { AccessRequestSort, AccessRequestSortField } from '@waymark/contract';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accessRequests, projects, users, workspaces } from '../db/schema.ts';

export type AccessRequestRow = typeof accessRequests.$inferSelect;
export type AccessRequestListRow = {
  request: AccessRequestRow;
  username: string;
  projectName: string;
  namespace: string;
};

const SORT_COLUMNS: Record<AccessRequestSortField, SQL> = {
  expire: sql`${accessRequests.expire}`,
  requested_at: sql`${accessRequests.requestedAt}`,
  requested_by: sql`lower(${users.username})`,
  project_name: sql`lower(${projects.name})`,
  namespace: sql`lower(${workspaces.name})`,
};

const orderBy = (sort: AccessRequestSort): SQL[] =>
  sort.map(({ field, descending }) => (descending ? desc(SORT_COLUMNS[field]) : asc(SORT_COLUMNS[field])));

/** All SQL about project access requests. */
export function createAccessRequestRepository(db: Db) {
  async function listWhere(
    where: SQL | undefined,
    query: {
      offset: number;
      limit: number;
      sort: AccessRequestSort;
      projectName?: string | undefined;
    },
  ): Promise<{ rows: AccessRequestListRow[]; count: number }> {
    const filter = and(
      isNull(accessRequests.resolvedAt),
      isNull(projects.removedAt),
      where,
      query.projectName ? eq(projects.name, query.projectName) : undefined,
    );
    const base = () =>
      db
        .select({
          request: accessRequests,
          username: users.username,
          projectName: projects.name,
          namespace: workspaces.name,
        })
        .from(accessRequests)
        .innerJoin(projects, eq(projects.id, accessRequests.projectId))
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .innerJoin(users, eq(users.id, accessRequests.requestedBy));
    const [rows, [total]] = await Promise.all([
      base()
        .where(filter)
        .orderBy(...orderBy(query.sort), asc(accessRequests.id))
        .offset(query.offset)
        .limit(query.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(accessRequests)
        .innerJoin(projects, eq(projects.id, accessRequests.projectId))
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .innerJoin(users, eq(users.id, accessRequests.requestedBy))
        .where(filter),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  return {
    async findPending(projectId: string, userId: number): Promise<AccessRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(accessRequests)
        .where(
          and(
            eq(accessRequests.projectId, projectId),
            eq(accessRequests.requestedBy, userId),
            isNull(accessRequests.resolvedAt),
          ),
        );
      return row;
    },

    /** A pending request of a live project. */
    async findPendingById(id: number): Promise<AccessRequestRow | undefined> {
      const [row] = await db
        .select({ request: accessRequests })
        .from(accessRequests)
        .innerJoin(projects, eq(projects.id, accessRequests.projectId))
        .where(and(eq(accessRequests.id, id), isNull(accessRequests.resolvedAt), isNull(projects.removedAt)));
      return row?.request;
    },

    async insert(values: typeof accessRequests.$inferInsert): Promise<AccessRequestRow> {
      const [row] = await db.insert(accessRequests).values(values).returning();
      if (!row) throw new Error('insert into access_requests returned no row');
      return row;
    },

    /** Resolves a pending request; false when it was no longer pending. */
    async resolve(id: number, status: 'accepted' | 'declined', resolvedBy: number): Promise<boolean> {
      const rows = await db
        .update(accessRequests)
        .set({ status, resolvedBy, resolvedAt: new Date() })
        .where(and(eq(accessRequests.id, id), isNull(accessRequests.resolvedAt)))
        .returning({ id: accessRequests.id });
      return rows.length > 0;
    },

    listForUser: (userId: number, query: Parameters<typeof listWhere>[1]) =>
      listWhere(eq(accessRequests.requestedBy, userId), query),

    listForWorkspace: (workspaceId: number, query: Parameters<typeof listWhere>[1]) =>
      listWhere(eq(projects.workspaceId, workspaceId), query),
  };
}

export type AccessRequestRepository = ReturnType<typeof createAccessRequestRepository>;
