import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ARCHIVE_TEXTS,
  MAX_ARCHIVE_BYTES,
  type ProjectArchiveQuery,
  type ProjectArchiveRequest,
  type ProjectArchiveState,
  versionName,
  versionNameSchema,
} from '@waymark/contract';
import { invalid, notFound, unprocessable } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { mapPool } from '../lib/map-pool.ts';
import { isStorageWriteFailure } from '../lib/storage-errors.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { ArchiveRow } from '../repositories/archive.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { ArchiveFiles } from '../storage/archive-files.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { zipProjectFiles } from '../storage/project-zip.ts';
import type { JobSender } from '../jobs/queue.ts';
import type { ProjectService } from './project.service.ts';
import { ARCHIVE_JOB } from '../jobs/job-names.ts';

/** A run silent this long has stopped (the reference's PARTIAL_ZIP_EXPIRATION): another may take over. */
export const ARCHIVE_STALE_MS = 10 * 60 * 1000;
/** A zip unused (not asked for nor downloaded) this long is removed by housekeeping. */
export const ARCHIVE_KEEP_MS = 24 * 60 * 60 * 1000;
/** Rows housekeeping handles per statement. */
const SWEEP_BATCH = 500;
const BLOB_CHECKS_AT_ONCE = 16;

export type ArchiveRequestResult = { status: 201 | 204; location: string; state: ProjectArchiveState };
export type ArchiveFetchResult =
  | { kind: 'ready'; fileName: string; size: number; stream: Readable }
  | { kind: 'preparing'; state: ProjectArchiveState };

/** The key of a choice of files: the SHA-256 of the distinct paths in order, one per line. */
export function selectionOf(paths: readonly string[]): string {
  return createHash('sha256')
    .update([...new Set(paths)].sort().join('\n'))
    .digest('hex');
}

/**
 * Zips of a version's files, whole or chosen, prepared in the background (`POST /app/projects/{id}/download`)
 * and fetched once ready (`GET`), as the reference's private API; who may ask is who may download the project.
 */
export function createArchiveService(deps: {
  log: Logger;
  repos: Repositories;
  blobs: BlobStore;
  files: ArchiveFiles;
  jobs: JobSender;
  projectService: ProjectService;
}) {
  const { log, repos, blobs, files, jobs, projectService } = deps;
  const { archives, projects } = repos;
  const staleBefore = (now = new Date()) => new Date(now.getTime() - ARCHIVE_STALE_MS);
  const send = (id: string) => jobs.send(ARCHIVE_JOB, { archiveId: id }, { singletonKey: id });

  /** The project the caller may download and the version asked for (the latest without one). */
  async function resolve(actor: Actor, projectId: string, version: string | undefined) {
    const { row } = await projectService.requireProject(actor, await projects.findById(projectId));
    let number = row.project.latestVersion;
    if (version !== undefined && version !== '') {
      const parsed = versionNameSchema.safeParse(version);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid version');
      number = parsed.data;
      if (!(await projects.versionExists(row.project.id, number))) {
        throw notFound(ARCHIVE_TEXTS.versionMissing);
      }
    }
    return { project: row.project, number };
  }

  const state = (detail: string, row?: ArchiveRow): ProjectArchiveState => ({
    detail,
    total_bytes: row?.totalBytes ?? 0,
    done_bytes: row?.doneBytes ?? 0,
  });

  return {
    /**
     * POST: checks the choice (every path a file of the version, 10 GB at most) and starts the job (201), or
     * answers 204 when the zip is ready or being prepared. `location` is where to GET it.
     */
    async request(
      actor: Actor,
      projectId: string,
      query: ProjectArchiveQuery,
      body: ProjectArchiveRequest,
    ): Promise<ArchiveRequestResult> {
      const { project, number } = await resolve(actor, projectId, query.version);
      const all = await projects.filesAtVersion(project.id, number);
      let chosen = all;
      let paths: string[] | null = null;
      if (body?.files) {
        paths = [...new Set(body.files)].sort();
        const byPath = new Map(all.map((file) => [file.path, file]));
        const missing = paths.find((path) => !byPath.has(path));
        if (missing !== undefined) throw invalid(ARCHIVE_TEXTS.fileMissing(missing, versionName(number)));
        const wanted = new Set(paths);
        chosen = all.filter((file) => wanted.has(file.path));
      }
      const totalBytes = chosen.reduce((sum, file) => sum + file.size, 0);
      if (totalBytes > MAX_ARCHIVE_BYTES) throw invalid(ARCHIVE_TEXTS.tooLarge);
      const selection = paths ? selectionOf(paths) : '';
      const key = { projectId: project.id, version: number, selection };
      const location = `/app/projects/${project.id}/download?version=${versionName(number)}${
        selection ? `&selection=${selection}` : ''
      }`;

      const inserted = await archives.insert({ ...key, id: randomUUID(), paths, totalBytes });
      if (inserted) {
        await send(inserted.id);
        log.info({ archive: inserted.id, projectId: project.id, files: chosen.length }, 'zip requested');
        return { status: 201, location, state: state(ARCHIVE_TEXTS.started, inserted) };
      }
      const existing = await archives.find(key);
      if (!existing) throw notFound(ARCHIVE_TEXTS.notRequested); // removed in between: the caller asks again
      const lost = existing.status === 'ready' && !(await files.exists(existing.id));
      const restarted = await archives.restart(existing.id, staleBefore(), lost);
      if (restarted) {
        await send(restarted.id);
        return { status: 201, location, state: state(ARCHIVE_TEXTS.started, restarted) };
      }
      await archives.touch(existing.id);
      return { status: 204, location, state: state(ARCHIVE_TEXTS.preparing, existing) };
    },

    /** GET: the zip once ready; its progress while being prepared (202); 422 with the reason when it failed. */
    async fetch(actor: Actor, projectId: string, query: ProjectArchiveQuery): Promise<ArchiveFetchResult> {
      const { project, number } = await resolve(actor, projectId, query.version);
      const selection = query.selection ?? '';
      const row = await archives.find({ projectId: project.id, version: number, selection });
      if (!row) {
        // The reference answers 202 for a whole version until its zip exists, asked for or not.
        if (selection === '') return { kind: 'preparing', state: state(ARCHIVE_TEXTS.preparing) };
        throw notFound(ARCHIVE_TEXTS.notRequested);
      }
      if (row.status === 'failed') throw unprocessable(ARCHIVE_TEXTS.failed(row.error ?? ''));
      if (row.status === 'preparing')
        return { kind: 'preparing', state: state(ARCHIVE_TEXTS.preparing, row) };
      const zip = await files.open(row.id);
      if (!zip) throw notFound(ARCHIVE_TEXTS.notRequested);
      await archives.touch(row.id);
      return { kind: 'ready', fileName: `${project.name}-${versionName(number)}.zip`, ...zip };
    },

    /** The job: writes the zip of one row, unless a live run holds it or it is no longer being prepared. */
    async prepare(data: unknown): Promise<void> {
      const archiveId = (data as { archiveId?: unknown } | undefined)?.archiveId;
      if (typeof archiveId !== 'string') return;
      const run = randomUUID();
      const row = await archives.claim(archiveId, run, staleBefore());
      if (!row) return;
      try {
        const all = await projects.filesAtVersion(row.projectId, row.version);
        const wanted = row.paths ? new Set(row.paths) : undefined;
        const chosen = wanted ? all.filter((file) => wanted.has(file.path)) : all;
        const present = await mapPool(chosen, BLOB_CHECKS_AT_ONCE, (file) => blobs.has(file.blobSha256));
        const missing = chosen.filter((_, index) => !present[index]).map((file) => file.path);
        if (missing.length > 0) {
          log.error({ archive: row.id, missing }, 'project files missing from the blob store');
          await archives.finish(row.id, run, { status: 'failed', error: ARCHIVE_TEXTS.filesMissing });
          return;
        }
        const zip = zipProjectFiles(chosen, blobs);
        const size = await files.write(row.id, run, zip.stream, (written) =>
          archives.progress(row.id, run, Math.min(written, row.totalBytes)),
        );
        await archives.finish(row.id, run, { status: 'ready', size });
        log.info({ archive: row.id, size, files: chosen.length }, 'zip prepared');
      } catch (error) {
        log.error({ err: error, archive: row.id }, 'zip preparation failed');
        const reason = isStorageWriteFailure(error)
          ? ARCHIVE_TEXTS.storageFull
          : 'an unexpected error on the server';
        await archives.finish(row.id, run, { status: 'failed', error: reason });
      }
    },

    /**
     * Housekeeping: zips unused for `ARCHIVE_KEEP_MS` go with their rows; rows still waiting after
     * `ARCHIVE_STALE_MS` (a lost job, a stopped run) get their job again; files without a row (a purged project)
     * and partial files of stopped runs are removed.
     */
    async sweep(now = new Date()): Promise<{ expiredArchives: number; resentArchives: number }> {
      let expiredArchives = 0;
      for (;;) {
        const unused = await archives.listUnusedSince(new Date(now.getTime() - ARCHIVE_KEEP_MS), SWEEP_BATCH);
        for (const { id } of unused) await files.remove(id);
        await archives.delete(unused.map(({ id }) => id));
        expiredArchives += unused.length;
        if (unused.length < SWEEP_BATCH) break;
      }
      const abandoned = await archives.listAbandoned(staleBefore(now), SWEEP_BATCH);
      for (const { id } of abandoned) await send(id);
      expiredArchives += await files.removeLeftovers(staleBefore(now), (ids) => archives.existing(ids));
      return { expiredArchives, resentArchives: abandoned.length };
    },
  };
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
