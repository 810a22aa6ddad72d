import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { VersionMerge } from '@waymark/contract';
import {
  type ChangesetTableSummary,
  fileHistory,
  projectFiles,
  projects,
  projectVersions,
  users,
} from '../db/schema.ts';
import { rowsOf } from './raw-rows.ts';

export type FileChangeKind = (typeof fileHistory.$inferSelect)['change'];
export type VersionRow = typeof projectVersions.$inferSelect & { author: string | null };
export type HistoryRow = typeof fileHistory.$inferSelect & { mtime: Date };

/** One file change of a new version; `blobSha256` is null only for deletions. */
export type CommitChange = {
  path: string;
  change: FileChangeKind;
  size: number;
  checksum: string;
  blobSha256: string | null;
  diff?: { path: string; size: number; checksum: string; blobSha256: string } | undefined;
  /** Versioned files: `none` (new file), `pending` (the job computes it) or `ready` (a pushed diff, summarised). */
  changeset?: ChangesetOfCommit | undefined;
};

export type ChangesetOfCommit =
  | { status: 'none' | 'pending' }
  | { status: 'ready'; summary: ChangesetTableSummary[]; size: number; blobSha256: string };

export type CommitVersionInput = {
  projectId: string;
  number: number;
  authorId: number;
  userAgent: string | null;
  deviceId: string | null;
  changes: CommitChange[];
  /** The version whose files a restore brought back. */
  restoredFrom?: number | undefined;
  /** A browser upload merged on the latest files (contract `VersionMerge`). */
  merge?: VersionMerge | undefined;
};

/** Rows per statement of a commit: its JSON parameter stays small (~300 kB) however many files a push changes. */
const BATCH = 1000;
const batches = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
};

/**
 * A change as a row of `json_to_recordset`: a commit's rows travel as one JSON parameter, so each statement has one
 * text whatever the number of rows (a multi-row VALUES list built ~20 objects per row in Drizzle and made a new
 * prepared statement per batch size).
 */
const historyRecord = (change: CommitChange) => {
  const ready = change.changeset?.status === 'ready' ? change.changeset : undefined;
  return {
    path: change.path,
    change: change.change,
    size: change.size,
    checksum: change.checksum,
    blob_sha256: change.blobSha256,
    diff_path: change.diff?.path ?? null,
    diff_size: change.diff?.size ?? null,
    diff_checksum: change.diff?.checksum ?? null,
    diff_blob_sha256: change.diff?.blobSha256 ?? null,
    changeset_status: change.changeset?.status ?? null,
    changeset_summary: ready?.summary ?? null,
    changeset_size: ready?.size ?? null,
    changeset_blob_sha256: ready?.blobSha256 ?? null,
  };
};

/** Paths as one `text[]` parameter (through JSON, which both drivers send as text). */
const pathArray = (paths: string[]) =>
  sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(paths)}::json))`;

/** QGIS project files, as the partial index `project_files_qgis_idx` says (and in JavaScript, the same test). */
const QGIS_PROJECT = sql`${projectFiles.path} ~* '\\.(qgs|qgz)$'`;
const QGIS_PATH = /\.(qgs|qgz)$/i;

/** All SQL about project versions and the history of their files. */
export function createVersionRepository(db: Db) {
  const historyColumns = { history: fileHistory, mtime: projectVersions.createdAt };
  const withMtime = (rows: Array<{ history: typeof fileHistory.$inferSelect; mtime: Date }>): HistoryRow[] =>
    rows.map((row) => ({ ...row.history, mtime: row.mtime }));

  return {
    /** Row-locks the project for the rest of the transaction: version commits of one project queue here. */
    async lockProject(
      projectId: string,
    ): Promise<{ latestVersion: number; removedAt: Date | null } | undefined> {
      const [row] = await db
        .select({ latestVersion: projects.latestVersion, removedAt: projects.removedAt })
        .from(projects)
        .where(eq(projects.id, projectId))
        .for('update');
      return row;
    },

    /**
     * Writes version `number` (call inside a transaction holding `lockProject`): its row, one history row per
     * change, the current-file cache, then the project's cached version, size and tags. Returns the version.
     */
    async commit(input: CommitVersionInput): Promise<{ id: number; createdAt: Date; projectSize: number }> {
      const counts = { create: 0, update: 0, update_diff: 0, delete: 0 };
      for (const change of input.changes) counts[change.change] += 1;
      const [version] = await db
        .insert(projectVersions)
        .values({
          projectId: input.projectId,
          number: input.number,
          authorId: input.authorId,
          userAgent: input.userAgent,
          deviceId: input.deviceId,
          added: counts.create,
          updated: counts.update,
          updatedDiff: counts.update_diff,
          removed: counts.delete,
          restoredFrom: input.restoredFrom ?? null,
          merge: input.merge ?? null,
        })
        .returning();
      if (!version) throw new Error('insert into project_versions returned no row');

      const historyIds = new Map<string, number>();
      for (const batch of batches(input.changes)) {
        const rows = await rowsOf<{ id: number | string; path: string }>(
          db,
          sql`INSERT INTO file_history (project_id, version_id, version_number, path, change, size, checksum,
                blob_sha256, diff_path, diff_size, diff_checksum, diff_blob_sha256, changeset_status, changeset_summary,
                changeset_size, changeset_blob_sha256)
              SELECT ${input.projectId}::uuid, ${version.id}::int, ${input.number}::int, r.path, r.change, r.size,
                     r.checksum, r.blob_sha256, r.diff_path, r.diff_size, r.diff_checksum, r.diff_blob_sha256,
                     r.changeset_status, r.changeset_summary, r.changeset_size, r.changeset_blob_sha256
                FROM json_to_recordset(${JSON.stringify(batch.map(historyRecord))}::json) AS r(path text,
                     change file_change, size bigint, checksum text, blob_sha256 text, diff_path text, diff_size bigint,
                     diff_checksum text, diff_blob_sha256 text, changeset_status changeset_status,
                     changeset_summary jsonb, changeset_size bigint, changeset_blob_sha256 text)
              RETURNING id, path`,
        );
        for (const row of rows) historyIds.set(row.path, Number(row.id));
      }

      // The project's size moves by what the changed paths weighed before and weigh now: no sum over every file.
      let sizeBefore = 0;
      for (const batch of batches(input.changes.map((change) => change.path))) {
        const [row] = await rowsOf<{ size: number | string }>(
          db,
          sql`SELECT coalesce(sum(size), 0)::float8 AS size FROM project_files
               WHERE project_id = ${input.projectId}::uuid AND path = ANY (${pathArray(batch)})`,
        );
        sizeBefore += Number(row?.size ?? 0);
      }
      const sizeAfter = input.changes.reduce(
        (sum, change) => (change.change === 'delete' ? sum : sum + change.size),
        0,
      );

      const removed = input.changes.filter((c) => c.change === 'delete').map((c) => c.path);
      for (const batch of batches(removed)) {
        await db.execute(
          sql`DELETE FROM project_files WHERE project_id = ${input.projectId}::uuid AND path = ANY (${pathArray(batch)})`,
        );
      }
      const stored = input.changes.filter((c) => c.change !== 'delete');
      for (const batch of batches(stored)) {
        const records = batch.map((change) => ({
          path: change.path,
          history_id: historyIds.get(change.path) ?? 0,
          size: change.size,
          checksum: change.checksum,
          blob_sha256: change.blobSha256 ?? '',
        }));
        await db.execute(
          sql`INSERT INTO project_files (project_id, path, history_id, size, checksum, blob_sha256, mtime)
              SELECT ${input.projectId}::uuid, r.path, r.history_id, r.size, r.checksum, r.blob_sha256,
                     ${version.createdAt.toISOString()}::timestamptz
                FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(path text, history_id bigint,
                     size bigint, checksum text, blob_sha256 text)
              ON CONFLICT (project_id, path) DO UPDATE SET history_id = excluded.history_id, size = excluded.size,
                 checksum = excluded.checksum, blob_sha256 = excluded.blob_sha256, mtime = excluded.mtime`,
        );
      }

      // The tags follow the number of QGIS project files, counted (through their partial index) only when a
      // change touched one.
      let tags: { tags: string[] } | Record<string, never> = {};
      if (input.changes.some((change) => QGIS_PATH.test(change.path))) {
        const [qgis] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(projectFiles)
          .where(and(eq(projectFiles.projectId, input.projectId), QGIS_PROJECT));
        tags = { tags: qgis?.n === 1 ? ['valid_qgis', 'input_use'] : [] };
      }
      const [updated] = await db
        .update(projects)
        .set({
          latestVersion: input.number,
          diskUsage: sql`${projects.diskUsage} + ${sizeAfter - sizeBefore}::bigint`,
          ...tags,
          updatedAt: version.createdAt,
        })
        .where(eq(projects.id, input.projectId))
        .returning({ diskUsage: projects.diskUsage });
      const projectSize = Number(updated?.diskUsage ?? 0);
      await db.update(projectVersions).set({ projectSize }).where(eq(projectVersions.id, version.id));
      return { id: version.id, createdAt: version.createdAt, projectSize };
    },

    /** One page of a project's versions (v0 excluded), with the total. */
    async list(
      projectId: string,
      page: { offset: number; limit: number; descending: boolean },
    ): Promise<{ rows: VersionRow[]; count: number }> {
      const where = and(eq(projectVersions.projectId, projectId), gt(projectVersions.number, 0));
      const [rows, [total]] = await Promise.all([
        db
          .select({ version: projectVersions, author: users.username })
          .from(projectVersions)
          .leftJoin(users, eq(users.id, projectVersions.authorId))
          .where(where)
          .orderBy(page.descending ? desc(projectVersions.number) : asc(projectVersions.number))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(projectVersions).where(where),
      ]);
      return { rows: rows.map((row) => ({ ...row.version, author: row.author })), count: total?.n ?? 0 };
    },

    async find(projectId: string, number: number): Promise<VersionRow | undefined> {
      const [row] = await db
        .select({ version: projectVersions, author: users.username })
        .from(projectVersions)
        .leftJoin(users, eq(users.id, projectVersions.authorId))
        .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.number, number)));
      return row ? { ...row.version, author: row.author } : undefined;
    },

    /** The files a version changed, in path order. */
    async changesOf(versionId: number): Promise<HistoryRow[]> {
      const rows = await db
        .select(historyColumns)
        .from(fileHistory)
        .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
        .where(eq(fileHistory.versionId, versionId))
        .orderBy(asc(fileHistory.path));
      return withMtime(rows);
    },

    /** The files of version N with their last change (for diffs and mtimes): latest row ≤ N per path, not deletes. */
    async filesAt(projectId: string, number: number): Promise<HistoryRow[]> {
      const latest = db
        .selectDistinctOn([fileHistory.path], { id: fileHistory.id, change: fileHistory.change })
        .from(fileHistory)
        .where(and(eq(fileHistory.projectId, projectId), lte(fileHistory.versionNumber, number)))
        .orderBy(asc(fileHistory.path), desc(fileHistory.versionNumber))
        .as('latest');
      const rows = await db
        .select(historyColumns)
        .from(latest)
        .innerJoin(fileHistory, eq(fileHistory.id, latest.id))
        .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
        .where(ne(latest.change, 'delete'))
        .orderBy(asc(fileHistory.path));
      return withMtime(rows);
    },

    /** The latest change of a path at or before a version (a delete included), with its version's time. */
    async changeAt(projectId: string, path: string, number: number): Promise<HistoryRow | undefined> {
      const [row] = await db
        .select(historyColumns)
        .from(fileHistory)
        .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
        .where(
          and(
            eq(fileHistory.projectId, projectId),
            eq(fileHistory.path, path),
            lte(fileHistory.versionNumber, number),
          ),
        )
        .orderBy(desc(fileHistory.versionNumber))
        .limit(1);
      return row ? { ...row.history, mtime: row.mtime } : undefined;
    },

    /** Every file change after version `after` up to `to` (inclusive), oldest first: the v2 delta's input. */
    async changesBetween(projectId: string, after: number, to: number): Promise<HistoryRow[]> {
      const rows = await db
        .select(historyColumns)
        .from(fileHistory)
        .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
        .where(
          and(
            eq(fileHistory.projectId, projectId),
            gt(fileHistory.versionNumber, after),
            lte(fileHistory.versionNumber, to),
          ),
        )
        .orderBy(asc(fileHistory.versionNumber), asc(fileHistory.path));
      return withMtime(rows);
    },

    /** The change whose diff has this name (the v2 diff id), through the project's diff index. */
    async findByDiffPath(projectId: string, diffPath: string): Promise<HistoryRow | undefined> {
      const [row] = await db
        .select(historyColumns)
        .from(fileHistory)
        .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
        .where(and(eq(fileHistory.projectId, projectId), eq(fileHistory.diffPath, diffPath)))
        .limit(1);
      return row ? { ...row.history, mtime: row.mtime } : undefined;
    },

    /** Which of these diff names the project already has (one query, through the project's diff index). */
    async existingDiffPaths(projectId: string, diffPaths: string[]): Promise<string[]> {
      if (diffPaths.length === 0) return [];
      const rows = await db
        .selectDistinct({ diffPath: fileHistory.diffPath })
        .from(fileHistory)
        .where(and(eq(fileHistory.projectId, projectId), inArray(fileHistory.diffPath, diffPaths)));
      return rows.flatMap((row) => (row.diffPath === null ? [] : [row.diffPath]));
    },

    /** The changes of these paths between two versions (inclusive), newest first per path. */
    async historyOf(projectId: string, paths: string[], from: number, to: number): Promise<HistoryRow[]> {
      if (paths.length === 0) return [];
      const out: HistoryRow[] = [];
      for (const batch of batches(paths)) {
        const rows = await db
          .select(historyColumns)
          .from(fileHistory)
          .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
          .where(
            and(
              eq(fileHistory.projectId, projectId),
              inArray(fileHistory.path, batch),
              gte(fileHistory.versionNumber, from),
              lte(fileHistory.versionNumber, to),
            ),
          )
          .orderBy(asc(fileHistory.path), desc(fileHistory.versionNumber));
        out.push(...withMtime(rows));
      }
      return out;
    },
  };
}

export type VersionRepository = ReturnType<typeof createVersionRepository>;
