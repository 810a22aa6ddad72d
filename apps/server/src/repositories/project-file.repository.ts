import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fileHistory, projectFiles, projects, projectVersions, workspaces } from '../db/schema.ts';
import { batches } from './batches.ts';
import {
  type FileChangeRef,
  type ProjectFileRow,
  type ProjectForCaller,
  rolesOf,
  type VersionFile,
  withRoles,
} from './project-rows.ts';
import { reusable } from './reusable.ts';

/** The files of projects: current, at a version, a raw download's lookup, and a copy's first version. */
/** A current file with the diff of its last change, when that was a diff update. */
function withDiff({
  file,
  history,
}: {
  file: typeof projectFiles.$inferSelect;
  history: typeof fileHistory.$inferSelect;
}): ProjectFileRow {
  return {
    ...file,
    diff:
      history.change === 'update_diff' && history.diffPath && history.diffChecksum
        ? { path: history.diffPath, size: history.diffSize ?? 0, checksum: history.diffChecksum }
        : null,
  };
}

export function createProjectFileRepository(db: Db) {
  /**
   * `findFileForCaller`'s statement, with or without a caller (`reusable`: a raw download is one of the most frequent
   * requests of a syncing client, and building the statement cost more than running it).
   */
  function fileForCallerAs(withCaller: boolean) {
    const latest = db
      .select({
        change: fileHistory.change,
        size: fileHistory.size,
        blobSha256: fileHistory.blobSha256,
        diffPath: fileHistory.diffPath,
        diffSize: fileHistory.diffSize,
        diffBlobSha256: fileHistory.diffBlobSha256,
        versionNumber: fileHistory.versionNumber,
        changesetStatus: fileHistory.changesetStatus,
        changesetSize: fileHistory.changesetSize,
        changesetBlobSha256: fileHistory.changesetBlobSha256,
        versionCreatedAt: projectVersions.createdAt,
      })
      .from(fileHistory)
      .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
      .where(
        and(
          eq(fileHistory.projectId, projects.id),
          eq(fileHistory.path, sql.placeholder('path')),
          lte(
            fileHistory.versionNumber,
            sql`coalesce(${sql.placeholder('version')}::int, ${projects.latestVersion})`,
          ),
        ),
      )
      .orderBy(desc(fileHistory.versionNumber))
      .limit(1)
      .as('latest_change');
    return db
      .select({
        project: projects,
        workspace: workspaces,
        ...rolesOf(db, withCaller ? sql.placeholder('userId') : null, projects.id, workspaces.id),
        change: {
          change: latest.change,
          size: latest.size,
          blobSha256: latest.blobSha256,
          diffPath: latest.diffPath,
          diffSize: latest.diffSize,
          diffBlobSha256: latest.diffBlobSha256,
          versionNumber: latest.versionNumber,
          changesetStatus: latest.changesetStatus,
          changesetSize: latest.changesetSize,
          changesetBlobSha256: latest.changesetBlobSha256,
          versionCreatedAt: latest.versionCreatedAt,
        },
      })
      .from(projects)
      .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
      .leftJoinLateral(latest, sql`true`)
      .where(
        and(
          sql`lower(${workspaces.name}) = lower(${sql.placeholder('workspace')})`,
          sql`lower(${projects.name}) = lower(${sql.placeholder('project')})`,
        ),
      );
  }
  const fileForAnonymous = reusable(() => fileForCallerAs(false));
  const fileForUser = reusable(() => fileForCallerAs(true));

  return {
    /**
     * `findByPathForCaller` with the file's latest change at or before the version (the latest version when not
     * given), still one query: a raw download's whole lookup. `change` is null when the path has no history there.
     */
    async findFileForCaller(
      workspaceName: string,
      projectName: string,
      userId: number | null,
      file: { path: string; version: number | undefined },
    ): Promise<(ProjectForCaller & { change: FileChangeRef | null }) | undefined> {
      const statement = userId === null ? fileForAnonymous() : fileForUser();
      const [row] = await statement.execute({
        workspace: workspaceName,
        project: projectName,
        userId: userId ?? 0,
        path: file.path,
        version: file.version ?? null,
      });
      if (!row) return undefined;
      return { ...withRoles(row), change: row.change?.change ? row.change : null };
    },

    async versionExists(projectId: string, number: number): Promise<boolean> {
      const [row] = await db
        .select({ id: projectVersions.id })
        .from(projectVersions)
        .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.number, number)));
      return row !== undefined;
    },

    /** The files of version N: for each path its latest change up to N, unless that change deleted it. */
    async filesAtVersion(projectId: string, number: number): Promise<VersionFile[]> {
      const latest = db
        .selectDistinctOn([fileHistory.path], {
          path: fileHistory.path,
          change: fileHistory.change,
          size: fileHistory.size,
          checksum: fileHistory.checksum,
          blobSha256: fileHistory.blobSha256,
          mtime: projectVersions.createdAt,
        })
        .from(fileHistory)
        .innerJoin(projectVersions, eq(projectVersions.id, fileHistory.versionId))
        .where(and(eq(fileHistory.projectId, projectId), lte(fileHistory.versionNumber, number)))
        .orderBy(asc(fileHistory.path), desc(fileHistory.versionNumber))
        .as('latest');
      const rows = await db
        .select()
        .from(latest)
        .where(ne(latest.change, 'delete'))
        .orderBy(asc(latest.path));
      return rows.flatMap((row) =>
        row.blobSha256
          ? [
              {
                path: row.path,
                size: row.size,
                checksum: row.checksum,
                blobSha256: row.blobSha256,
                mtime: row.mtime,
              },
            ]
          : [],
      );
    },

    /** The current files, with the diff of those whose last change was a diff update. */
    async currentFiles(projectId: string): Promise<ProjectFileRow[]> {
      const rows = await db
        .select({ file: projectFiles, history: fileHistory })
        .from(projectFiles)
        .innerJoin(fileHistory, eq(fileHistory.id, projectFiles.historyId))
        .where(eq(projectFiles.projectId, projectId))
        .orderBy(asc(projectFiles.path));
      return rows.map(withDiff);
    },

    /**
     * The current files at these paths, and those whose path is one of them in Unicode NFC form (the same file
     * on macOS and Windows), as `currentFiles` answers them: what a push reads of its project, whatever its size.
     */
    async currentFilesAt(projectId: string, paths: readonly string[]): Promise<ProjectFileRow[]> {
      const found: ProjectFileRow[] = [];
      for (const batch of batches([...new Set(paths)], 1000)) {
        const rows = await db
          .select({ file: projectFiles, history: fileHistory })
          .from(projectFiles)
          .innerJoin(fileHistory, eq(fileHistory.id, projectFiles.historyId))
          .where(
            and(
              eq(projectFiles.projectId, projectId),
              or(
                inArray(projectFiles.path, batch),
                inArray(sql`normalize(${projectFiles.path}, NFC)`, [
                  ...new Set(batch.map((path) => path.normalize('NFC'))),
                ]),
              ),
            ),
          );
        found.push(...rows.map(withDiff));
      }
      return [...new Map(found.map((file) => [file.path, file])).values()];
    },

    /** Paths of the current files of many projects, for the conflict marker of lists. */
    async currentPaths(projectIds: string[]): Promise<Array<{ projectId: string; path: string }>> {
      if (projectIds.length === 0) return [];
      return db
        .select({ projectId: projectFiles.projectId, path: projectFiles.path })
        .from(projectFiles)
        .where(inArray(projectFiles.projectId, projectIds));
    },

    /**
     * Makes version 1 of a new project from files of another: new history and current-file rows that point
     * at the same blobs, so no file bytes are copied.
     */
    async insertFilesAsFirstVersion(
      projectId: string,
      files: ProjectFileRow[],
      version: { authorId: number | null; userAgent: string | null; projectSize: number },
    ): Promise<void> {
      const [created] = await db
        .insert(projectVersions)
        .values({ projectId, number: 1, added: files.length, ...version })
        .returning();
      if (!created) throw new Error('insert into project_versions returned no row');
      const idByPath = new Map<string, number>();
      for (const batch of batches(files)) {
        const history = await db
          .insert(fileHistory)
          .values(
            batch.map((file) => ({
              projectId,
              versionId: created.id,
              versionNumber: 1,
              path: file.path,
              change: 'create' as const,
              size: file.size,
              checksum: file.checksum,
              blobSha256: file.blobSha256,
            })),
          )
          .returning({ id: fileHistory.id, path: fileHistory.path });
        for (const row of history) idByPath.set(row.path, row.id);
      }
      for (const batch of batches(files)) {
        await db.insert(projectFiles).values(
          batch.map((file) => ({
            projectId,
            path: file.path,
            historyId: idByPath.get(file.path) ?? 0,
            size: file.size,
            checksum: file.checksum,
            blobSha256: file.blobSha256,
            mtime: created.createdAt,
          })),
        );
      }
    },
  };
}
