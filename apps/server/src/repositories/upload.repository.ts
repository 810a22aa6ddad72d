import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { ChunkState } from '../push/upload-area.ts';
import { rowsOf } from './raw-rows.ts';
import { projects, uploadChunks, uploads } from '../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadWithProject = { upload: UploadRow; projectRemoved: boolean };

/** All SQL about push transactions (the push lock). */
export function createUploadRepository(db: Db) {
  return {
    /** The transaction with whether its project was deleted meanwhile. */
    async findById(id: string): Promise<UploadWithProject | undefined> {
      const [row] = await db
        .select({ upload: uploads, removedAt: projects.removedAt })
        .from(uploads)
        .innerJoin(projects, eq(projects.id, uploads.projectId))
        .where(eq(uploads.id, id));
      return row ? { upload: row.upload, projectRemoved: row.removedAt !== null } : undefined;
    },

    /** The project's transaction, row-locked until the surrounding transaction ends. */
    async findByProjectForUpdate(projectId: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.projectId, projectId)).for('update');
      return row;
    },

    /** Row-locks one transaction; undefined when it no longer exists (cancelled, taken over, committed). */
    async lockById(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).for('update');
      return row;
    },

    /** Inserts a transaction; a concurrent one for the same project makes it fail with a unique violation. */
    async insert(values: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      if (!row) throw new Error('insert into uploads returned no row');
      return row;
    },

    /**
     * Records activity (the heartbeat that keeps a takeover away), giving `giveBack` bytes back to the transaction's
     * budget (a chunk that took more than it wrote, or replaced one), and records chunk `written` (its index and
     * state) as present, unless another write of it ended meanwhile (`upload_chunks`: then neither counts); false
     * when the row is gone.
     */
    async touch(id: string, giveBack = 0, written?: { index: number; state: ChunkState }): Promise<boolean> {
      if (!written) {
        const rows = await db
          .update(uploads)
          .set({
            lastPing: sql`now()`,
            ...(giveBack > 0
              ? { receivedBytes: sql`greatest(0, ${uploads.receivedBytes} - ${giveBack}::bigint)` }
              : {}),
          })
          .where(eq(uploads.id, id))
          .returning({ id: uploads.id });
        return rows.length > 0;
      }
      const { index, state } = written;
      // The row lock of the UPDATE keeps the transaction from going before the chunk's row is in (then removed
      // with it); a transaction already gone updates nothing, and nothing is recorded.
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`
        WITH alive AS (
          UPDATE uploads
             SET last_ping = now(), received_bytes = greatest(0, received_bytes - ${giveBack}::bigint)
           WHERE id = ${id}
          RETURNING id
        ), recorded AS (
          INSERT INTO upload_chunks (upload_id, index, size, token, held)
          SELECT id, ${index}::int, ${state.size}::bigint, ${state.token ?? null}::text, ${state.held ?? null}::text
            FROM alive
              ON CONFLICT (upload_id, index) DO UPDATE SET size = NULL, token = NULL, held = NULL
        )
        SELECT id FROM alive`,
      );
      return rows.length > 0;
    },

    /**
     * Records chunks present at once (v2 chunks linked into a transaction), replacing any record of theirs;
     * nothing when the transaction is gone.
     */
    async recordChunks(id: string, chunks: Array<{ index: number; size: number }>): Promise<void> {
      if (chunks.length === 0) return;
      // The row lock keeps the transaction from going before its chunks' rows are in (then removed with it).
      await db.execute(sql`
        WITH alive AS (SELECT id FROM uploads WHERE id = ${id} FOR KEY SHARE)
        INSERT INTO upload_chunks (upload_id, index, size)
        SELECT alive.id, c.index, c.size
          FROM alive, jsonb_to_recordset(${JSON.stringify(chunks)}::jsonb) AS c(index int, size bigint)
            ON CONFLICT (upload_id, index) DO UPDATE SET size = excluded.size, token = NULL, held = NULL`);
    },

    /** The chunks of a transaction present (missing ones are absent), by index. */
    async chunkStates(id: string): Promise<Map<number, ChunkState>> {
      const rows = await db
        .select({
          index: uploadChunks.index,
          size: uploadChunks.size,
          token: uploadChunks.token,
          held: uploadChunks.held,
        })
        .from(uploadChunks)
        .where(eq(uploadChunks.uploadId, id));
      const states = new Map<number, ChunkState>();
      for (const row of rows) {
        if (row.size === null) continue;
        states.set(row.index, {
          size: row.size,
          ...(row.token === null ? {} : { token: row.token }),
          ...(row.held === null ? {} : { held: row.held }),
        });
      }
      return states;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(uploads).where(eq(uploads.id, id)).returning({ id: uploads.id });
      return rows.length > 0;
    },

    /** Deletes the transactions idle since before the cut-off; returns their ids (their folders go next). */
    async deleteIdleBefore(cutoff: Date): Promise<string[]> {
      const rows = await db.delete(uploads).where(lt(uploads.lastPing, cutoff)).returning({ id: uploads.id });
      return rows.map((row) => row.id);
    },

    /** Which of these ids are live transactions. */
    async existingIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    /** How many pushes are open (started, neither finished nor cancelled nor expired yet), cluster-wide. */
    async countOpen(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(uploads);
      return row?.n ?? 0;
    },

    /** Database time: takeover decisions compare timestamps written by `now()` on the same clock. */
    async isIdleSince(id: string, seconds: number): Promise<boolean> {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, id), sql`${uploads.lastPing} < now() - make_interval(secs => ${seconds})`));
      return row !== undefined;
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
