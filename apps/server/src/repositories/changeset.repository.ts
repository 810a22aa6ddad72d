import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type ChangesetTableSummary, fileHistory, projects, projectVersions } from '../db/schema.ts';

/** A change whose changeset the job must compute. */
export type PendingChangeset = { id: number; path: string; blobSha256: string | null };

/** All SQL about the changesets of file changes (the `changeset_*` columns of `file_history`). */
export function createChangesetRepository(db: Db) {
  // Spelled out, not a parameter: statements run with generic plans (PLANNER_SETTINGS), which can use the partial
  // index of pending changes only when the condition is in the text.
  const isPending = sql`${fileHistory.changesetStatus} = 'pending'`;
  const stillPending = (id: number) => and(eq(fileHistory.id, id), isPending);

  return {
    /** The changes of one version still waiting for their changeset, in path order. */
    async pendingOfVersion(projectId: string, versionNumber: number): Promise<PendingChangeset[]> {
      return db
        .select({ id: fileHistory.id, path: fileHistory.path, blobSha256: fileHistory.blobSha256 })
        .from(fileHistory)
        .where(
          and(eq(fileHistory.projectId, projectId), eq(fileHistory.versionNumber, versionNumber), isPending),
        )
        .orderBy(asc(fileHistory.path));
    },

    /** Every version of a live project with a changeset still pending (what the sweep sends jobs for). */
    async pendingVersions(): Promise<Array<{ projectId: string; versionNumber: number }>> {
      return db
        .selectDistinct({ projectId: fileHistory.projectId, versionNumber: fileHistory.versionNumber })
        .from(fileHistory)
        .innerJoin(projects, eq(projects.id, fileHistory.projectId))
        .where(and(isPending, isNull(projects.removedAt)))
        .orderBy(asc(fileHistory.projectId), asc(fileHistory.versionNumber));
    },

    /** Records a computed changeset; false when the change was not pending any more (another run did it). */
    async markReady(
      id: number,
      changeset: { summary: ChangesetTableSummary[]; size: number; blobSha256: string },
    ): Promise<boolean> {
      const rows = await db
        .update(fileHistory)
        .set({
          changesetStatus: 'ready',
          changesetSummary: changeset.summary,
          changesetSize: changeset.size,
          changesetBlobSha256: changeset.blobSha256,
          changesetError: null,
        })
        .where(stillPending(id))
        .returning({ id: fileHistory.id });
      return rows.length > 0;
    },

    /**
     * Records a computed changeset of a whole-file update and makes the change a diff update (`update_diff`, the
     * changeset as its `diff`), as the reference does for forced updates, so pulls keep using diffs; the
     * version's counts follow. Run it in a transaction. False when the change was not pending any more.
     */
    async markReadyAsDiff(
      id: number,
      changeset: { summary: ChangesetTableSummary[]; size: number; blobSha256: string },
      diff: { path: string; checksum: string },
    ): Promise<boolean> {
      const [row] = await db
        .update(fileHistory)
        .set({
          changesetStatus: 'ready',
          changesetSummary: changeset.summary,
          changesetSize: changeset.size,
          changesetBlobSha256: changeset.blobSha256,
          changesetError: null,
          change: 'update_diff',
          diffPath: diff.path,
          diffSize: changeset.size,
          diffChecksum: diff.checksum,
          diffBlobSha256: changeset.blobSha256,
        })
        .where(and(stillPending(id), eq(fileHistory.change, 'update')))
        .returning({ versionId: fileHistory.versionId });
      if (!row) return false;
      await db
        .update(projectVersions)
        .set({
          updated: sql`${projectVersions.updated} - 1`,
          updatedDiff: sql`${projectVersions.updatedDiff} + 1`,
        })
        .where(eq(projectVersions.id, row.versionId));
      return true;
    },

    /** Records why no changeset could be made (e.g. a schema change). */
    async markError(id: number, error: string): Promise<boolean> {
      const rows = await db
        .update(fileHistory)
        .set({ changesetStatus: 'error', changesetError: error, changesetSize: 0 })
        .where(stillPending(id))
        .returning({ id: fileHistory.id });
      return rows.length > 0;
    },
  };
}

export type ChangesetRepository = ReturnType<typeof createChangesetRepository>;
