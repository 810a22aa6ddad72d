import type { ProjectRole, WorkspaceRole } from '@waymark/contract';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { pendingChunks, projects, uploads } from '../db/schema.ts';
import type { AccessRoles } from './project-rows.ts';
import { rowsOf } from './raw-rows.ts';

/** First key of the transaction-level advisory lock that serialises the quota decisions of one workspace. */
const QUOTA_LOCK_CLASS = 0x51554f54; // 'QUOT'

/**
 * The caller's roles in a project and its workspace (none without a user), as the columns `project_role` and
 * `workspace_role` of a statement that decides the push permission.
 */
const callerRoles = (projectId: SQL, workspaceId: SQL, userId: number | null) => sql`
  (SELECT role FROM project_members WHERE project_id = ${projectId} AND user_id = ${userId}::int) AS project_role,
  (SELECT role FROM workspace_members
    WHERE workspace_id = ${workspaceId} AND user_id = ${userId}::int) AS workspace_role`;

/**
 * The SQL of workspace storage quotas: the lock that serialises the quota decisions of one workspace (push
 * starts, commits, v2 chunks), the bytes pushes still hold (reserved by v1 transactions, written as v2 chunks),
 * each transaction's byte budget and the v2 chunk records.
 */
export function createQuotaRepository(db: Db) {
  return {
    /**
     * Waits for and holds, until the transaction ends, the quota lock of the workspace of `projectId`; answers
     * the workspace's id and storage limit, the project's size and, for the push permission asked in the same
     * statement, whether it is public or removed and the roles of `userId` in it (none without a user); undefined
     * when the project is gone. An advisory lock, not a row lock, so it never waits on (or deadlocks with) the
     * rows other writers lock.
     */
    async lockWorkspaceOf(
      projectId: string,
      userId: number | null = null,
    ): Promise<
      | {
          workspaceId: number;
          storage: number;
          projectSize: number;
          isPublic: boolean;
          removed: boolean;
          roles: AccessRoles;
        }
      | undefined
    > {
      // One statement: the project row first (its CTE is materialized, so the row is locked before the outer
      // select takes the advisory lock), as a commit takes it (FOR UPDATE) before this lock: a v2 chunk's record
      // (its foreign key takes this share lock anyway) then never holds the quota lock while waiting for a commit.
      const [row] = await rowsOf<{
        workspace_id: number;
        storage: number | string;
        project_size: number | string;
        public: boolean;
        removed: boolean;
        project_role: ProjectRole | null;
        workspace_role: WorkspaceRole | null;
      }>(
        db,
        sql`
        WITH locked AS MATERIALIZED (
          SELECT w.id AS workspace_id, w.storage, p.id AS project_id, p.disk_usage, p.public, p.removed_at
            FROM projects p JOIN workspaces w ON w.id = p.workspace_id
           WHERE p.id = ${projectId}
             FOR KEY SHARE OF p
        )
        SELECT workspace_id, storage::float8 AS storage, disk_usage::float8 AS project_size,
               public, removed_at IS NOT NULL AS removed,
               ${callerRoles(sql.raw('locked.project_id'), sql.raw('locked.workspace_id'), userId)},
               pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}::int, workspace_id)::text AS locked
          FROM locked`,
      );
      if (!row) return undefined;
      return {
        workspaceId: Number(row.workspace_id),
        storage: Number(row.storage),
        projectSize: Number(row.project_size),
        isPublic: row.public,
        removed: row.removed,
        roles: { project: row.project_role ?? undefined, workspace: row.workspace_role ?? undefined },
      };
    },

    /** Σ current file sizes of the workspace's live projects (its usage, as the reference counts it). */
    async committedUsage(workspaceId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${projects.diskUsage}), 0)::float8` })
        .from(projects)
        .where(and(eq(projects.workspaceId, workspaceId), sql`${projects.removedAt} IS NULL`));
      return Number(row?.total ?? 0);
    },

    /**
     * Bytes held by pushes under way in the workspace: the reservations of v1 transactions and the v2 chunks
     * not used yet, leaving out those of `exceptProjectId` (a push's own project) when given.
     */
    async pendingBytes(workspaceId: number, exceptProjectId?: string): Promise<number> {
      const other = exceptProjectId === undefined ? sql`true` : sql`p.id <> ${exceptProjectId}`;
      const [row] = await rowsOf<{ total: number | string }>(
        db,
        sql`
        SELECT (
          coalesce((SELECT sum(u.reserved_bytes) FROM uploads u JOIN projects p ON p.id = u.project_id
                    WHERE p.workspace_id = ${workspaceId} AND ${other}), 0)
          + coalesce((SELECT sum(c.size) FROM pending_chunks c JOIN projects p ON p.id = c.project_id
                      WHERE p.workspace_id = ${workspaceId} AND ${other}), 0)
        )::float8 AS total`,
      );
      return Number(row?.total ?? 0);
    },

    /**
     * What a v1 chunk request needs, in one statement: removes the record of an earlier write of chunk `index` (none
     * when undefined: a request that writes nothing) and takes up to `want` bytes of the transaction's budget (what
     * is left of its declared bytes, plus those of the chunk replaced), and reads its project with the caller's
     * member roles, for the push permission asked again on every chunk. Answers undefined when the project is gone;
     * `taken` is the bytes taken (0 when none are left), undefined when the transaction is gone; `replaced` the
     * bytes of the earlier write (0 when none).
     */
    async takeChunkBytes(input: {
      uploadId: string;
      projectId: string;
      userId: number;
      index: number | undefined;
      want: number;
    }): Promise<
      | {
          isPublic: boolean;
          removed: boolean;
          roles: AccessRoles;
          taken: number | undefined;
          replaced: number;
        }
      | undefined
    > {
      const { uploadId, projectId, userId, index, want } = input;
      const result = (await db.execute(sql`
        WITH old AS (
          SELECT received_bytes, declared_bytes FROM uploads
           WHERE id = ${uploadId} AND project_id = ${projectId}
             FOR UPDATE
        ), replaced AS (
          DELETE FROM upload_chunks
           WHERE upload_id = ${uploadId} AND index = ${index ?? null}::int AND EXISTS (SELECT 1 FROM old)
          RETURNING coalesce(size, 0) AS size
        ), took AS (
          UPDATE uploads u
             SET received_bytes = u.received_bytes
               + greatest(0, least(${want}::bigint, old.declared_bytes
                   + coalesce((SELECT size FROM replaced), 0) - old.received_bytes))
            FROM old
           WHERE u.id = ${uploadId}
          RETURNING (u.received_bytes - old.received_bytes)::float8 AS taken
        )
        SELECT p.public, p.removed_at IS NOT NULL AS removed,
               ${callerRoles(sql.raw('p.id'), sql.raw('p.workspace_id'), userId)},
               (SELECT taken FROM took) AS taken,
               coalesce((SELECT size FROM replaced), 0)::float8 AS replaced
          FROM projects p
         WHERE p.id = ${projectId}`)) as unknown as {
        rows: Array<{
          public: boolean;
          removed: boolean;
          project_role: ProjectRole | null;
          workspace_role: WorkspaceRole | null;
          taken: number | string | null;
          replaced: number | string;
        }>;
      };
      const [row] = result.rows;
      if (!row) return undefined;
      return {
        isPublic: row.public,
        removed: row.removed,
        roles: { project: row.project_role ?? undefined, workspace: row.workspace_role ?? undefined },
        taken: row.taken === null ? undefined : Number(row.taken),
        replaced: Number(row.replaced),
      };
    },

    /** Gives bytes back to a transaction's budget (a chunk that failed, was smaller, or was replaced). */
    async giveBackBytes(uploadId: string, bytes: number): Promise<void> {
      if (bytes <= 0) return;
      await db
        .update(uploads)
        .set({ receivedBytes: sql`greatest(0, ${uploads.receivedBytes} - ${bytes}::bigint)` })
        .where(eq(uploads.id, uploadId));
    },

    /** Records a v2 chunk about to be written, at the most it may take. */
    async insertChunk(values: {
      id: string;
      projectId: string;
      userId: number;
      size: number;
    }): Promise<void> {
      await db.insert(pendingChunks).values(values);
    },

    /** Which of these v2 chunks this user uploaded to this project (a push may use only those), with their sizes. */
    async chunksOwnedBy(
      ids: string[],
      owner: { userId: number; projectId: string },
    ): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: pendingChunks.id, size: pendingChunks.size })
        .from(pendingChunks)
        .where(
          and(
            inArray(pendingChunks.id, ids),
            eq(pendingChunks.userId, owner.userId),
            eq(pendingChunks.projectId, owner.projectId),
          ),
        );
      return new Map(rows.map((row) => [row.id, row.size]));
    },

    /**
     * Records a v2 chunk about to be written at the most it may take (`size`), in one statement, when the project
     * has fewer chunks waiting than `maxChunks` and the workspace has room: its committed usage less the project's
     * own size (the chunks may replace its files), plus every byte pushes of the workspace hold, plus `size`,
     * within `storage`. Run under the workspace's quota lock (`lockWorkspaceOf`, an earlier statement of the same
     * transaction: this one's snapshot then sees every decision made before it). Answers the counts it decided on
     * and whether the chunk was recorded.
     */
    async reserveChunk(input: {
      id: string;
      projectId: string;
      userId: number;
      size: number;
      workspaceId: number;
      storage: number;
      projectSize: number;
      maxChunks: number;
    }): Promise<{ chunks: number; usage: number; recorded: boolean }> {
      const { id, projectId, userId, size, workspaceId, storage, projectSize, maxChunks } = input;
      const result = (await db.execute(sql`
        WITH counts AS (
          SELECT (SELECT count(*) FROM pending_chunks WHERE project_id = ${projectId})::int AS chunks,
                 (coalesce((SELECT sum(disk_usage) FROM projects
                             WHERE workspace_id = ${workspaceId} AND removed_at IS NULL), 0)
                  + coalesce((SELECT sum(u.reserved_bytes) FROM uploads u JOIN projects p ON p.id = u.project_id
                               WHERE p.workspace_id = ${workspaceId}), 0)
                  + coalesce((SELECT sum(c.size) FROM pending_chunks c JOIN projects p ON p.id = c.project_id
                               WHERE p.workspace_id = ${workspaceId}), 0))::float8 AS usage
        ), recorded AS (
          INSERT INTO pending_chunks (id, project_id, user_id, size)
          SELECT ${id}, ${projectId}, ${userId}, ${size}::bigint FROM counts
           WHERE counts.chunks < ${maxChunks}::int
             AND counts.usage - ${projectSize}::float8 + ${size}::float8 <= ${storage}::float8
          RETURNING id
        )
        SELECT chunks, usage, (SELECT count(*) FROM recorded)::int AS recorded FROM counts`)) as unknown as {
        rows: Array<{ chunks: number | string; usage: number | string; recorded: number | string }>;
      };
      const [row] = result.rows;
      return {
        chunks: Number(row?.chunks ?? 0),
        usage: Number(row?.usage ?? 0),
        recorded: Number(row?.recorded ?? 0) > 0,
      };
    },

    async setChunkSize(id: string, size: number): Promise<void> {
      await db.update(pendingChunks).set({ size }).where(eq(pendingChunks.id, id));
    },

    async deleteChunks(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(pendingChunks).where(inArray(pendingChunks.id, ids));
    },

    /** Forgets the v2 chunks recorded before the cut-off (their files go with the cleanup job). */
    async deleteChunksBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(pendingChunks)
        .where(lt(pendingChunks.createdAt, cutoff))
        .returning({ id: pendingChunks.id });
      return rows.length;
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
