import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fileHistory, projectFiles, projectVersions } from '../db/schema.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * A file of a project answer as the database gives it: the time already written as the API writes it and no
 * ORM mapping, since a project answer lists every file of a project (tens of thousands) page by page.
 */
export type ListedFile = {
  path: string;
  size: number;
  checksum: string;
  /** `YYYY-MM-DDTHH:MM:SSZ` (the reference's `DateTimeWithZ`). */
  mtime: string;
  change: (typeof fileHistory.$inferSelect)['change'];
  diffPath: string | null;
  diffSize: number | null;
  diffChecksum: string | null;
};

/** Files per page of a streamed list: one query each, small enough to keep the memory flat. */
export const FILES_PER_PAGE = 1000;

/** The totals of the files of a version that a project answer's head shows. */
export type FilesTotals = { size: number; qgisProjects: number; conflictPaths: string[] };

const QGIS_PATH = (path: SQL) => sql`${path} ~* '\\.(qgs|qgz)$'`;
const MTIME = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

type RawListedFile = Omit<ListedFile, 'size' | 'diffSize'> & {
  size: number | string;
  diffSize: number | string | null;
};
const listed = (row: RawListedFile): ListedFile => ({
  ...row,
  size: Number(row.size),
  diffSize: row.diffSize === null ? null : Number(row.diffSize),
});

/**
 * The file lists of project answers, read page by page in path order (keyset pages: each page one indexed query,
 * the database free between pages), so an answer is streamed whatever the project's size.
 */
export function createProjectFileListRepository(db: Db) {
  /** The sizes and paths of the files of version `number` (its latest change ≤ it per path, not a delete). */
  const filesAt = (projectId: string, number: number) => sql`
    SELECT s.path, s.size
      FROM (SELECT DISTINCT ON (h.path) h.path, h.size, h.change
              FROM ${fileHistory} h
             WHERE h.project_id = ${projectId} AND h.version_number <= ${number}
             ORDER BY h.path, h.version_number DESC) s
     WHERE s.change <> 'delete'`;

  /**
   * The state at version `number` of the paths changed after it (none unless a push committed since the answer's
   * head was read), in the same statement as the page it completes: driven by those few paths, found through the
   * versions after `number` (`late_versions`, a materialised CTE of the statement, so the planner starts there),
   * never by the project's whole history.
   */
  const changedSince = (projectId: string, number: number, after: SQL) => sql`
    SELECT s.path, s.size, s.checksum, s.mtime, s.change, s.diff_path, s.diff_size, s.diff_checksum
      FROM (SELECT DISTINCT l.path FROM ${fileHistory} l
             WHERE l.version_id IN (SELECT id FROM late_versions) ${after}) late
     CROSS JOIN LATERAL (
           SELECT h.path, h.size::float8 AS size, h.checksum, ${MTIME(sql`v.created_at`)} AS mtime, h.change,
                  h.diff_path, h.diff_size::float8 AS diff_size, h.diff_checksum
             FROM ${fileHistory} h JOIN ${projectVersions} v ON v.id = h.version_id
            WHERE h.project_id = ${projectId} AND h.path = late.path AND h.version_number <= ${number}
            ORDER BY h.version_number DESC LIMIT 1) s
     WHERE s.change <> 'delete'`;

  /** Pages of `page(after)` until one comes back short. */
  async function* keysetPages(
    page: (after: string | undefined) => Promise<ListedFile[]>,
  ): AsyncGenerator<ListedFile[]> {
    let after: string | undefined;
    for (;;) {
      const rows = await page(after);
      if (rows.length > 0) yield rows;
      const last = rows[rows.length - 1];
      if (rows.length < FILES_PER_PAGE || !last) return;
      after = last.path;
    }
  }

  return {
    /**
     * The project's files at its latest version `number`, from the current-file cache; a push that commits while
     * the pages are read changes none of them: each page lists the paths it touched as they were at `number`.
     */
    currentFilePages(projectId: string, number: number): AsyncGenerator<ListedFile[]> {
      return keysetPages(async (after) => {
        // Each part ordered and limited by itself: a page reads its own rows through the index, not every row
        // after it (a sort over the union would).
        const current = sql`
          SELECT pf.path, pf.size::float8 AS size, pf.checksum, ${MTIME(sql`pf.mtime`)} AS mtime, h.change,
                 h.diff_path, h.diff_size::float8 AS diff_size, h.diff_checksum
            FROM ${projectFiles} pf JOIN ${fileHistory} h ON h.id = pf.history_id
           WHERE pf.project_id = ${projectId} AND h.version_number <= ${number}
                 ${after === undefined ? sql`` : sql`AND pf.path > ${after}`}
           ORDER BY pf.path LIMIT ${FILES_PER_PAGE}`;
        const late = changedSince(
          projectId,
          number,
          after === undefined ? sql`` : sql`AND l.path > ${after}`,
        );
        return (
          await rowsOf<RawListedFile>(
            db,
            sql`WITH late_versions AS MATERIALIZED (
                  SELECT id FROM ${projectVersions} WHERE project_id = ${projectId} AND number > ${number})
                SELECT path, size, checksum, mtime, change, diff_path AS "diffPath", diff_size AS "diffSize",
                       diff_checksum AS "diffChecksum"
                  FROM ((${current}) UNION ALL ${late}) f ORDER BY path LIMIT ${FILES_PER_PAGE}`,
          )
        ).map(listed);
      });
    },

    /**
     * The files of version `number` (for each path its latest change up to it, unless a delete), from history:
     * each page takes the next paths in order through the history index (deleted ones included, so the page
     * stops early) and only then the times of their versions.
     */
    async *filePagesAt(projectId: string, number: number): AsyncGenerator<ListedFile[]> {
      let after: string | undefined;
      for (;;) {
        const rows = await rowsOf<RawListedFile>(
          db,
          sql`SELECT s.path, s.size, s.checksum, ${MTIME(sql`v.created_at`)} AS mtime, s.change,
                     s.diff_path AS "diffPath", s.diff_size AS "diffSize", s.diff_checksum AS "diffChecksum"
                FROM (SELECT DISTINCT ON (h.path) h.path, h.size::float8 AS size, h.checksum, h.version_id, h.change,
                             h.diff_path, h.diff_size::float8 AS diff_size, h.diff_checksum
                        FROM ${fileHistory} h
                       WHERE h.project_id = ${projectId} AND h.version_number <= ${number}
                             ${after === undefined ? sql`` : sql`AND h.path > ${after}`}
                       ORDER BY h.path, h.version_number DESC LIMIT ${FILES_PER_PAGE}) s
                JOIN ${projectVersions} v ON v.id = s.version_id AND v.project_id = ${projectId}
               ORDER BY s.path`,
        );
        const files = rows.filter((row) => row.change !== 'delete').map(listed);
        if (files.length > 0) yield files;
        const last = rows[rows.length - 1];
        if (rows.length < FILES_PER_PAGE || !last) return;
        after = last.path;
      }
    },

    /** Size, QGIS project files and conflict-like paths of version `number`, summed in the database. */
    async totalsAt(projectId: string, number: number): Promise<FilesTotals> {
      const [row] = await rowsOf<{ size: number | string; qgis: number; conflicts: string[] | null }>(
        db,
        sql`SELECT coalesce(sum(s.size), 0)::float8 AS size,
                   (count(*) FILTER (WHERE ${QGIS_PATH(sql`s.path`)}))::int AS qgis,
                   array_agg(s.path) FILTER (WHERE s.path LIKE '%conflict%') AS conflicts
              FROM (${filesAt(projectId, number)}) s`,
      );
      return {
        size: Number(row?.size ?? 0),
        qgisProjects: Number(row?.qgis ?? 0),
        conflictPaths: row?.conflicts ?? [],
      };
    },

    /** The current paths containing `conflict` (through their partial index): the detail's conflict marker. */
    async currentConflictPaths(projectId: string): Promise<string[]> {
      const rows = await rowsOf<{ path: string }>(
        db,
        sql`SELECT path FROM ${projectFiles} WHERE project_id = ${projectId} AND path LIKE '%conflict%'`,
      );
      return rows.map((row) => row.path);
    },

    /** How many current files are QGIS project files (through their partial index). */
    async countCurrentQgisProjects(projectId: string): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${projectFiles}
             WHERE project_id = ${projectId} AND ${QGIS_PATH(sql`path`)}`,
      );
      return Number(row?.n ?? 0);
    },
  };
}
