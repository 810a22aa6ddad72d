import { and, countDistinct, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  blobs,
  projectFiles,
  projectMembers,
  projects,
  projectVersions,
  users,
  workspaceMembers,
  workspaces,
} from '../db/schema.ts';
import { notClosed } from './user.repository.ts';

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
  return {
    /** The figures of GET /app/admin/usage; contributors are the authors of versions (v1 on) since `since`. */
    async serverUsage(since: Date): Promise<ServerUsageRow> {
      const editorMembers = db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(inArray(workspaceMembers.role, ['editor', 'writer', 'admin', 'owner']));
      const projectEditors = db
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(inArray(projectMembers.role, ['editor', 'writer', 'owner']));
      const [[people], [spaces], [live], [contributors], [editors], [stored], [referenced]] =
        await Promise.all([
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
          db
            .select({ n: count })
            .from(users)
            .where(
              and(
                eq(users.active, true),
                or(
                  eq(users.isAdmin, true),
                  inArray(users.id, editorMembers),
                  inArray(users.id, projectEditors),
                ),
              ),
            ),
          db.select({ n: count, bytes: bytes(blobs.size) }).from(blobs),
          db
            .select({ n: count, bytes: bytes(projectFiles.size) })
            .from(projectFiles)
            .innerJoin(projects, eq(projects.id, projectFiles.projectId))
            .where(isNull(projects.removedAt)),
        ]);
      return {
        users: people?.n ?? 0,
        workspaces: spaces?.n ?? 0,
        projects: live?.n ?? 0,
        storage: Number(live?.bytes ?? 0),
        activeContributors: Number(contributors?.n ?? 0),
        editors: editors?.n ?? 0,
        filesStored: { count: stored?.n ?? 0, bytes: Number(stored?.bytes ?? 0) },
        filesReferenced: { count: referenced?.n ?? 0, bytes: Number(referenced?.bytes ?? 0) },
      };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
