import type { AdminWorkspaceSortField, WorkspaceRole } from '@waymark/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projects, users, workspaceMembers, workspaces } from '../db/schema.ts';
import { escapeLike } from './like-pattern.ts';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceUsage = { diskUsage: number; projectCount: number };
/** A workspace with its figures, as the admin panel lists it. */
export type AdminWorkspaceRow = WorkspaceRow & {
  diskUsage: number;
  projectCount: number;
  memberCount: number;
};
export type WorkspaceMemberRow = {
  userId: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: WorkspaceRole;
};

// Written out: inside a select of one table Drizzle leaves the columns of the others unqualified.
const liveDiskUsage = sql<number>`(SELECT coalesce(sum(p.disk_usage), 0)::float8 FROM projects p WHERE p.workspace_id = workspaces.id AND p.removed_at IS NULL)`;
const liveProjectCount = sql<number>`(SELECT count(*)::int FROM projects p WHERE p.workspace_id = workspaces.id AND p.removed_at IS NULL)`;
const memberCount = sql<number>`(SELECT count(*)::int FROM workspace_members m WHERE m.workspace_id = workspaces.id)`;

const ADMIN_SORT: Record<AdminWorkspaceSortField, SQL> = {
  name: sql`lower(${workspaces.name})`,
  storage: sql`${workspaces.storage}`,
  disk_usage: liveDiskUsage,
  project_count: liveProjectCount,
  member_count: memberCount,
  created: sql`${workspaces.createdAt}`,
};

/** All SQL about workspaces and their members. */
export function createWorkspaceRepository(db: Db) {
  return {
    async findById(id: number): Promise<WorkspaceRow | undefined> {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id));
      return row;
    },

    async findByName(name: string): Promise<WorkspaceRow | undefined> {
      const [row] = await db
        .select()
        .from(workspaces)
        .where(sql`lower(${workspaces.name}) = lower(${name})`);
      return row;
    },

    /** Which of these workspace names exist (lower-cased), in one query. */
    async existingNames(names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
      const rows = await db
        .select({ name: sql<string>`lower(${workspaces.name})` })
        .from(workspaces)
        .where(inArray(sql`lower(${workspaces.name})`, lowered));
      return new Set(rows.map((row) => row.name));
    },

    async insert(workspace: typeof workspaces.$inferInsert): Promise<WorkspaceRow> {
      const [row] = await db.insert(workspaces).values(workspace).returning();
      if (!row) throw new Error('insert into workspaces returned no row');
      return row;
    },

    async setStorage(id: number, storage: number): Promise<void> {
      await db.update(workspaces).set({ storage }).where(eq(workspaces.id, id));
    },

    /** One page of all workspaces with their figures (`like` in the name), and the total count. */
    async adminPage(page: {
      like?: string | undefined;
      orderBy: AdminWorkspaceSortField;
      descending: boolean;
      offset: number;
      limit: number;
    }): Promise<{ rows: AdminWorkspaceRow[]; count: number }> {
      const where = page.like
        ? sql`lower(${workspaces.name}) LIKE ${`%${escapeLike(page.like.toLowerCase())}%`}`
        : undefined;
      const column = ADMIN_SORT[page.orderBy];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            workspace: workspaces,
            diskUsage: liveDiskUsage,
            projectCount: liveProjectCount,
            memberCount,
          })
          .from(workspaces)
          .where(where)
          .orderBy(page.descending ? sql`${column} DESC` : sql`${column} ASC`, asc(workspaces.id))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(workspaces)
          .where(where),
      ]);
      return {
        rows: rows.map((row) => ({
          ...row.workspace,
          diskUsage: Number(row.diskUsage),
          projectCount: row.projectCount,
          memberCount: row.memberCount,
        })),
        count: total?.n ?? 0,
      };
    },

    /** One workspace with its figures, as `adminPage` lists it. */
    async adminFind(id: number): Promise<AdminWorkspaceRow | undefined> {
      const [row] = await db
        .select({
          workspace: workspaces,
          diskUsage: liveDiskUsage,
          projectCount: liveProjectCount,
          memberCount,
        })
        .from(workspaces)
        .where(eq(workspaces.id, id));
      return row
        ? {
            ...row.workspace,
            diskUsage: Number(row.diskUsage),
            projectCount: row.projectCount,
            memberCount: row.memberCount,
          }
        : undefined;
    },

    /** The members of a workspace, highest role first, then by username. */
    async members(workspaceId: number): Promise<WorkspaceMemberRow[]> {
      const rows = await db
        .select({
          userId: workspaceMembers.userId,
          username: users.username,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: workspaceMembers.role,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(eq(workspaceMembers.workspaceId, workspaceId))
        .orderBy(sql`${workspaceMembers.role} DESC`, asc(sql`lower(${users.username})`));
      return rows;
    },

    /** Locks the workspace row (FOR UPDATE) until the transaction ends: member changes there wait in turn. */
    async lock(id: number): Promise<WorkspaceRow | undefined> {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
      return row;
    },

    async removeMember(workspaceId: number, userId: number): Promise<void> {
      await db
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    },

    /** Adds the member, or changes the role of an existing one. */
    async upsertMember(workspaceId: number, userId: number, role: WorkspaceRole): Promise<void> {
      await db
        .insert(workspaceMembers)
        .values({ workspaceId, userId, role })
        .onConflictDoUpdate({
          target: [workspaceMembers.workspaceId, workspaceMembers.userId],
          set: { role },
        });
    },

    async findMemberRole(workspaceId: number, userId: number): Promise<WorkspaceRole | undefined> {
      const [row] = await db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
      return row?.role;
    },

    /** The user's member roles in many workspaces at once. */
    async memberRolesOf(userId: number, workspaceIds: number[]): Promise<Map<number, WorkspaceRole>> {
      if (workspaceIds.length === 0) return new Map();
      const rows = await db
        .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.userId, userId), inArray(workspaceMembers.workspaceId, workspaceIds)));
      return new Map(rows.map((row) => [row.workspaceId, row.role]));
    },

    /** Ids of the members holding one of these roles. */
    async memberIdsWithRoles(workspaceId: number, roles: WorkspaceRole[]): Promise<number[]> {
      const rows = await db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.role, roles)));
      return rows.map((row) => row.userId);
    },

    /** The workspaces a user is a member of, with the member role, in name order. */
    async listForUser(userId: number): Promise<Array<WorkspaceRow & { role: WorkspaceRole }>> {
      const rows = await db
        .select({ workspace: workspaces, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(asc(sql`lower(${workspaces.name})`));
      return rows.map((row) => ({ ...row.workspace, role: row.role }));
    },

    /** Storage used by and number of live projects per workspace (removed projects do not count). */
    async usage(workspaceIds: number[]): Promise<Map<number, WorkspaceUsage>> {
      if (workspaceIds.length === 0) return new Map();
      const rows = await db
        .select({
          workspaceId: projects.workspaceId,
          diskUsage: sql<number>`coalesce(sum(${projects.diskUsage}), 0)::float8`,
          projectCount: sql<number>`count(*)::int`,
        })
        .from(projects)
        .where(and(inArray(projects.workspaceId, workspaceIds), isNull(projects.removedAt)))
        .groupBy(projects.workspaceId);
      return new Map(
        rows.map((row) => [
          row.workspaceId,
          { diskUsage: Number(row.diskUsage), projectCount: row.projectCount },
        ]),
      );
    },

    /**
     * The workspaces `userId` owns with no other owner, each with how many other members and projects (live or
     * removed and not yet purged) it has: what closing the account would leave without an owner.
     */
    async soleOwnedBy(
      userId: number,
    ): Promise<
      Array<{ id: number; name: string; otherMembers: number; liveProjects: number; projects: number }>
    > {
      const others = sql`${workspaceMembers.workspaceId} = ${workspaces.id} AND ${workspaceMembers.userId} <> ${userId}`;
      return db
        .select({
          id: workspaces.id,
          name: workspaces.name,
          otherMembers: sql<number>`(SELECT count(*)::int FROM ${workspaceMembers} WHERE ${others})`,
          // Written out: inside a select of one table Drizzle leaves the columns of the others unqualified.
          liveProjects: sql<number>`(SELECT count(*)::int FROM projects p WHERE p.workspace_id = workspaces.id AND p.removed_at IS NULL)`,
          projects: sql<number>`(SELECT count(*)::int FROM projects p WHERE p.workspace_id = workspaces.id)`,
        })
        .from(workspaces)
        .where(
          sql`EXISTS (SELECT 1 FROM ${workspaceMembers} WHERE ${workspaceMembers.workspaceId} = ${workspaces.id} AND ${workspaceMembers.userId} = ${userId} AND ${workspaceMembers.role} = 'owner')
          AND NOT EXISTS (SELECT 1 FROM ${workspaceMembers} WHERE ${others} AND ${workspaceMembers.role} = 'owner')`,
        )
        .orderBy(asc(sql`lower(${workspaces.name})`));
    },

    /**
     * Locks (FOR UPDATE, in id order) the workspaces `userId` is a member of, for the rest of the transaction:
     * membership changes and project inserts there (their foreign key check) wait until it ends.
     */
    async lockMembershipsOf(userId: number): Promise<void> {
      await db.execute(
        sql`SELECT w.id FROM workspaces w WHERE w.id IN (SELECT m.workspace_id FROM workspace_members m WHERE m.user_id = ${userId}) ORDER BY w.id FOR UPDATE`,
      );
    },

    /** Deletes workspaces with their memberships, only those that hold no project (checked in the statement). */
    async deleteMany(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(workspaces).where(
        and(
          inArray(workspaces.id, ids),
          // Written out: Drizzle would leave the outer column unqualified inside the subquery.
          sql`NOT EXISTS (SELECT 1 FROM projects p WHERE p.workspace_id = workspaces.id)`,
        ),
      );
    },
  };
}

export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
