import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { pendingChunks, projects, uploads, workspaces } from '../db/schema.ts';

/** First key of the transaction-level advisory lock that serialises the quota decisions of one workspace. */
const QUOTA_LOCK_CLASS = 0x51554f54; // 'QUOT'

/**
 * The SQL of workspace storage quotas: the lock that serialises the quota decisions of one workspace (push
 * starts, commits, v2 chunks), the bytes pushes still hold (reserved by v1 transactions, written as v2 chunks),
 * each transaction's byte budget and the v2 chunk records.
 */
export function createQuotaRepository(db: Db) {
  return {
    /**
     * Waits for and holds, until the transaction ends, the quota lock of the workspace of `projectId`; answers
     * the workspace's id and storage limit and the project's size (undefined when the project is gone). An
     * advisory lock, not a row lock, so it never waits on (or deadlocks with) the rows other writers lock.
     */
    async lockWorkspaceOf(
      projectId: string,
    ): Promise<{ workspaceId: number; storage: number; projectSize: number } | undefined> {
      const [row] = await db
        .select({ workspaceId: workspaces.id, storage: workspaces.storage, projectSize: projects.diskUsage })
        .from(projects)
        .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
        .where(eq(projects.id, projectId))
        // The project row first, as a commit takes it (FOR UPDATE) before this lock: a v2 chunk's record (its
        // foreign key takes this share lock anyway) then never holds the quota lock while waiting for a commit.
        .for('key share', { of: projects });
      if (!row) return undefined;
      await db.execute(sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}::int, ${row.workspaceId}::int)`);
      return { ...row, storage: Number(row.storage), projectSize: Number(row.projectSize) };
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
      const result = (await db.execute(sql`
        SELECT (
          coalesce((SELECT sum(u.reserved_bytes) FROM uploads u JOIN projects p ON p.id = u.project_id
                    WHERE p.workspace_id = ${workspaceId} AND ${other}), 0)
          + coalesce((SELECT sum(c.size) FROM pending_chunks c JOIN projects p ON p.id = c.project_id
                      WHERE p.workspace_id = ${workspaceId} AND ${other}), 0)
        )::float8 AS total`)) as unknown as { rows: Array<{ total: number | string }> };
      return Number(result.rows[0]?.total ?? 0);
    },

    /**
     * Takes up to `want` bytes of a transaction's budget (what is left of its declared bytes, plus `credit`: a
     * chunk being replaced gives its bytes back); answers the bytes taken (0 when none are left), undefined when
     * the transaction is gone.
     */
    async takeBytes(uploadId: string, want: number, credit: number): Promise<number | undefined> {
      const result = (await db.execute(sql`
        WITH old AS (SELECT received_bytes, declared_bytes FROM uploads WHERE id = ${uploadId} FOR UPDATE)
        UPDATE uploads u
           SET received_bytes = u.received_bytes
             + greatest(0, least(${want}::bigint, old.declared_bytes + ${credit}::bigint - old.received_bytes))
          FROM old
         WHERE u.id = ${uploadId}
        RETURNING (u.received_bytes - old.received_bytes)::float8 AS taken`)) as unknown as {
        rows: Array<{ taken: number | string }>;
      };
      const [row] = result.rows;
      return row ? Number(row.taken) : undefined;
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

    /** Which of these v2 chunks this user uploaded to this project (a push may use only those). */
    async chunksOwnedBy(ids: string[], owner: { userId: number; projectId: string }): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: pendingChunks.id })
        .from(pendingChunks)
        .where(
          and(
            inArray(pendingChunks.id, ids),
            eq(pendingChunks.userId, owner.userId),
            eq(pendingChunks.projectId, owner.projectId),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /** How many v2 chunks of the project wait for a push. */
    async countChunks(projectId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pendingChunks)
        .where(eq(pendingChunks.projectId, projectId));
      return row?.n ?? 0;
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
