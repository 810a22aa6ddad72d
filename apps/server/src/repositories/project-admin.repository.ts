import type { AdminProjectSortField } from '@waymark/contract';
import { and, asc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projects, users, workspaces } from '../db/schema.ts';
import { escapeLike } from './like-pattern.ts';
import type { ProjectRow, ProjectWithWorkspace } from './project-rows.ts';

const ADMIN_SORT: Record<AdminProjectSortField, SQL> = {
  name: sql`lower(${projects.name})`,
  workspace: sql`lower(${workspaces.name})`,
  disk_usage: sql`${projects.diskUsage}`,
  version: sql`${projects.latestVersion}`,
  updated: sql`${projects.updatedAt}`,
  created: sql`${projects.createdAt}`,
  removed_at: sql`${projects.removedAt}`,
};

/** A project as the admin panel lists it: with its workspace and who scheduled its deletion. */
export type AdminProjectRow = ProjectWithWorkspace & { removedByUsername: string | null };

/** The admin panel's projects, restoring a removed project and purging. */
export function createProjectAdminRepository(db: Db) {
  return {
    /**
     * One page of every project, live or (`removed`) scheduled for deletion, whatever its visibility; `like` in
     * the project or workspace name. With the total count.
     */
    async adminPage(page: {
      like?: string | undefined;
      removed: boolean;
      orderBy: AdminProjectSortField;
      descending: boolean;
      offset: number;
      limit: number;
    }): Promise<{ rows: AdminProjectRow[]; count: number }> {
      const text = page.like ? `%${escapeLike(page.like.toLowerCase())}%` : undefined;
      const where = and(
        page.removed ? sql`${projects.removedAt} IS NOT NULL` : isNull(projects.removedAt),
        text
          ? sql`(lower(${projects.name}) LIKE ${text} OR lower(${workspaces.name}) LIKE ${text})`
          : undefined,
      );
      const column = ADMIN_SORT[page.orderBy];
      const [rows, [total]] = await Promise.all([
        db
          .select({ project: projects, workspace: workspaces, removedByUsername: users.username })
          .from(projects)
          .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
          .leftJoin(users, eq(users.id, projects.removedBy))
          .where(where)
          .orderBy(
            page.descending ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`,
            asc(sql`lower(${projects.name})`),
            asc(projects.id),
          )
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(projects)
          .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
          .where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** One project (live or removed) as `adminPage` lists it. */
    async adminFind(id: string): Promise<AdminProjectRow | undefined> {
      const [row] = await db
        .select({ project: projects, workspace: workspaces, removedByUsername: users.username })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .leftJoin(users, eq(users.id, projects.removedBy))
        .where(eq(projects.id, id));
      return row;
    },

    /**
     * Restores a project scheduled for deletion, only while it still is (checked in the statement); the row
     * afterwards, or undefined when it was not removed (or is gone).
     */
    async restore(id: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ removedAt: null, removedBy: null })
        .where(and(eq(projects.id, id), sql`${projects.removedAt} IS NOT NULL`))
        .returning();
      return row;
    },

    /** Permanently deletes one project scheduled for deletion (never a live one); true when it was deleted. */
    async purgeRemovedById(id: string): Promise<boolean> {
      const removed = await db
        .delete(projects)
        .where(and(eq(projects.id, id), sql`${projects.removedAt} IS NOT NULL`))
        .returning({ id: projects.id });
      return removed.length > 0;
    },

    /** Permanently deletes one project, live or removed (DELETE /v2/projects/{id}); true when it was deleted. */
    async purgeById(id: string): Promise<boolean> {
      const removed = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
      return removed.length > 0;
    },

    /** Permanently deletes projects removed before the cut-off; returns how many. */
    async purgeRemovedBefore(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(projects)
        .where(lt(projects.removedAt, cutoff))
        .returning({ id: projects.id });
      return removed.length;
    },
  };
}
