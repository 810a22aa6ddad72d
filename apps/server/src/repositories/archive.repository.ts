import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projectArchives } from '../db/schema.ts';

export type ArchiveRow = typeof projectArchives.$inferSelect;
export type ArchiveKey = { projectId: string; version: number; selection: string };

/**
 * The zips of `POST /app/projects/{id}/download` (`project_archives`). Every change of state is one conditional
 * statement, so several requests and job runs, in any number of processes, never prepare one zip twice at once.
 */
export function createArchiveRepository(db: Db) {
  /** A run that claimed its row and has not touched it since this time has stopped (its process died). */
  const stale = (before: Date) =>
    and(isNotNull(projectArchives.worker), lt(projectArchives.heartbeatAt, before));

  return {
    async find(key: ArchiveKey): Promise<ArchiveRow | undefined> {
      const [row] = await db
        .select()
        .from(projectArchives)
        .where(
          and(
            eq(projectArchives.projectId, key.projectId),
            eq(projectArchives.version, key.version),
            eq(projectArchives.selection, key.selection),
          ),
        );
      return row;
    },

    async findById(id: string): Promise<ArchiveRow | undefined> {
      const [row] = await db.select().from(projectArchives).where(eq(projectArchives.id, id));
      return row;
    },

    /** A new row to prepare; undefined when the key has one already. */
    async insert(
      row: ArchiveKey & { id: string; paths: string[] | null; totalBytes: number },
    ): Promise<ArchiveRow | undefined> {
      const [inserted] = await db.insert(projectArchives).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    /**
     * Prepares the row again when it failed, when its run stopped (stale) or when `force` (its zip was lost):
     * the row back to `preparing`, unclaimed. Undefined when it is being prepared or ready (nothing to do).
     */
    async restart(id: string, staleBefore: Date, force = false): Promise<ArchiveRow | undefined> {
      const [row] = await db
        .update(projectArchives)
        .set({
          status: 'preparing',
          error: null,
          worker: null,
          doneBytes: 0,
          size: null,
          heartbeatAt: sql`now()`,
          usedAt: sql`now()`,
        })
        .where(
          and(
            eq(projectArchives.id, id),
            force
              ? undefined
              : or(
                  eq(projectArchives.status, 'failed'),
                  and(eq(projectArchives.status, 'preparing'), stale(staleBefore)),
                ),
          ),
        )
        .returning();
      return row;
    },

    /** Counts a request or a download as a use: the zip expires counting from the last one. */
    async touch(id: string): Promise<void> {
      await db
        .update(projectArchives)
        .set({ usedAt: sql`now()` })
        .where(eq(projectArchives.id, id));
    },

    /** The job's claim: a row being prepared that no live run holds. */
    async claim(id: string, worker: string, staleBefore: Date): Promise<ArchiveRow | undefined> {
      const [row] = await db
        .update(projectArchives)
        .set({ worker, heartbeatAt: sql`now()` })
        .where(
          and(
            eq(projectArchives.id, id),
            eq(projectArchives.status, 'preparing'),
            or(isNull(projectArchives.worker), stale(staleBefore)),
          ),
        )
        .returning();
      return row;
    },

    /** The run's progress; false when another run has taken the row over (this one must stop). */
    async progress(id: string, worker: string, doneBytes: number): Promise<boolean> {
      const rows = await db
        .update(projectArchives)
        .set({ doneBytes, heartbeatAt: sql`now()` })
        .where(and(eq(projectArchives.id, id), eq(projectArchives.worker, worker)))
        .returning({ id: projectArchives.id });
      return rows.length > 0;
    },

    async finish(
      id: string,
      worker: string,
      result: { status: 'ready'; size: number } | { status: 'failed'; error: string },
    ): Promise<boolean> {
      const rows = await db
        .update(projectArchives)
        .set(
          result.status === 'ready'
            ? { status: 'ready', size: result.size, doneBytes: sql`${projectArchives.totalBytes}` }
            : { status: 'failed', error: result.error },
        )
        .where(and(eq(projectArchives.id, id), eq(projectArchives.worker, worker)))
        .returning({ id: projectArchives.id });
      return rows.length > 0;
    },

    /** Rows unused since `before` (their zips are deleted by the caller first). */
    async listUnusedSince(before: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: projectArchives.id })
        .from(projectArchives)
        .where(lt(projectArchives.usedAt, before))
        .limit(limit);
    },

    async delete(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(projectArchives).where(inArray(projectArchives.id, ids));
    },

    /** Rows waiting for a run: unclaimed since before `before` (their job was lost), or claimed by a stopped run. */
    async listAbandoned(before: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: projectArchives.id })
        .from(projectArchives)
        .where(and(eq(projectArchives.status, 'preparing'), lt(projectArchives.heartbeatAt, before)))
        .limit(limit);
    },

    /** Which of these ids have a row (the zip files of the others are left-overs). */
    async existing(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: projectArchives.id })
        .from(projectArchives)
        .where(inArray(projectArchives.id, ids));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;
