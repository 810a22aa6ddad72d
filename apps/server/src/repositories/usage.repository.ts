import { and, countDistinct, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  blobs,
  projectFiles,
  projectMembers,
  projects,
  projectVersions,
  usageSnapshots,
  users,
  workspaceMembers,
  workspaces,
} from '../db/schema.ts';
import { notClosed } from './user.repository.ts';

export type UsageSnapshotRow = { id: number; createdAt: Date; data: unknown };

/** The figures of a usage snapshot, as the reference's `get_callhome_data` counts them. */
export type SnapshotFigures = {
  projects: number;
  users: number;
  workspaces: number;
  /** The newest project change as Python's `str(datetime)` writes it in UTC (no zone), or null. */
  lastChange: string | null;
  monthlyContributors: number;
  editors: number;
};

export type ServerUsageRow = {
  users: number;
  workspaces: number;
  projects: number;
  storage: number;
  activeContributors: number;
  editors: number;
  filesStored: { count: number; bytes: number };
  filesReferenced: { count: number; bytes: number };
};

const count = sql<number>`count(*)::int`;
const bytes = (column: typeof blobs.size | typeof projectFiles.size) =>
  sql<number>`coalesce(sum(${column}), 0)::float8`;

/** Server-wide figures for the admin panel: a handful of aggregate queries, none growing with the data. */
export function createUsageRepository(db: Db) {
  /** Active users who may change data: superusers and editors or more of a workspace or project. */
  async function editorsCount(): Promise<number> {
    const editorMembers = db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(inArray(workspaceMembers.role, ['editor', 'writer', 'admin', 'owner']));
    const projectEditors = db
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(inArray(projectMembers.role, ['editor', 'writer', 'owner']));
    const [row] = await db
      .select({ n: count })
      .from(users)
      .where(
        and(
          eq(users.active, true),
          or(eq(users.isAdmin, true), inArray(users.id, editorMembers), inArray(users.id, projectEditors)),
        ),
      );
    return row?.n ?? 0;
  }

  return {
    editorsCount,
    /** The figures of GET /app/admin/usage; contributors are the authors of versions (v1 on) since `since`. */
    async serverUsage(since: Date): Promise<ServerUsageRow> {
      const [[people], [spaces], [live], [contributors], editors, [stored], [referenced]] = await Promise.all(
        [
          db
            .select({ n: count })
            .from(users)
            .where(and(eq(users.active, true), notClosed)),
          db.select({ n: count }).from(workspaces),
          db
            .select({ n: count, bytes: sql<number>`coalesce(sum(${projects.diskUsage}), 0)::float8` })
            .from(projects)
            .where(isNull(projects.removedAt)),
          db
            .select({ n: countDistinct(projectVersions.authorId) })
            .from(projectVersions)
            .where(and(gte(projectVersions.createdAt, since), gt(projectVersions.number, 0))),
          editorsCount(),
          db.select({ n: count, bytes: bytes(blobs.size) }).from(blobs),
          db
            .select({ n: count, bytes: bytes(projectFiles.size) })
            .from(projectFiles)
            .innerJoin(projects, eq(projects.id, projectFiles.projectId))
            .where(isNull(projects.removedAt)),
        ],
      );
      return {
        users: people?.n ?? 0,
        workspaces: spaces?.n ?? 0,
        projects: live?.n ?? 0,
        storage: Number(live?.bytes ?? 0),
        activeContributors: Number(contributors?.n ?? 0),
        editors,
        filesStored: { count: stored?.n ?? 0, bytes: Number(stored?.bytes ?? 0) },
        filesReferenced: { count: referenced?.n ?? 0, bytes: Number(referenced?.bytes ?? 0) },
      };
    },
  };
}

/**
 * The usage snapshots of the report: saved by the `usage-snapshot` job, read newest first in pages (keyset on
 * `created_at, id`), so a report of years of snapshots never sits in memory at once.
 */
export function createUsageSnapshotRepository(db: Db) {
  return {
    async insert(data: unknown, createdAt?: Date): Promise<void> {
      await db.insert(usageSnapshots).values({ data, ...(createdAt ? { createdAt } : {}) });
    },

    async latestAt(): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: usageSnapshots.createdAt })
        .from(usageSnapshots)
        .orderBy(desc(usageSnapshots.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    /**
     * Snapshots taken in [from, to], newest first, `limit` after the row `afterId` (the last of the page before;
     * compared in the database, where times keep their microseconds).
     */
    async page(from: Date, to: Date, limit: number, afterId?: number): Promise<UsageSnapshotRow[]> {
      return db
        .select({ id: usageSnapshots.id, createdAt: usageSnapshots.createdAt, data: usageSnapshots.data })
        .from(usageSnapshots)
        .where(
          and(
            gte(usageSnapshots.createdAt, from),
            lte(usageSnapshots.createdAt, to),
            afterId === undefined
              ? undefined
              : sql`(${usageSnapshots.createdAt}, ${usageSnapshots.id}) < (select s.created_at, s.id from ${usageSnapshots} s where s.id = ${afterId})`,
          ),
        )
        .orderBy(desc(usageSnapshots.createdAt), desc(usageSnapshots.id))
        .limit(limit);
    },

    /**
     * The reference's figures: live projects; users but closed accounts (deactivated ones count); workspaces;
     * the newest project change; distinct authors of versions this calendar month (UTC); editors as the admin
     * panel counts them.
     */
    async figures(now: Date): Promise<SnapshotFigures> {
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [[live], [people], [spaces], [contributors]] = await Promise.all([
        db
          .select({
            n: sql<number>`count(*)::int`,
            last: sql<
              string | null
            >`to_char(max(${projects.updatedAt}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
          })
          .from(projects)
          .where(isNull(projects.removedAt)),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(notClosed),
        db.select({ n: sql<number>`count(*)::int` }).from(workspaces),
        db
          .select({ n: countDistinct(projectVersions.authorId) })
          .from(projectVersions)
          .where(and(gte(projectVersions.createdAt, monthStart), gt(projectVersions.number, 0))),
      ]);
      const editors = await createUsageRepository(db).editorsCount();
      const last = live?.last ?? null;
      // Python leaves out a zero fraction.
      return {
        projects: live?.n ?? 0,
        users: people?.n ?? 0,
        workspaces: spaces?.n ?? 0,
        lastChange: last === null ? null : last.replace(/\.000000$/, ''),
        monthlyContributors: Number(contributors?.n ?? 0),
        editors,
      };
    },
  };
}

export type UsageSnapshotRepository = ReturnType<typeof createUsageSnapshotRepository>;

export type UsageRepository = ReturnType<typeof createUsageRepository>;
