import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CHANGESET_API_TEXTS, versionNameSchema } from '@waymark/contract';
import { z } from 'zod';
import { CHANGESETS_JOB } from '../jobs/job-names.ts';
import { EngineError, type ChangesetEngine } from '../changesets/engine.ts';
import type { AppConfig } from '../config.ts';
import { crashPoint } from '../lib/crash-point.ts';
import type { JobSender } from '../jobs/queue.ts';
import { broken, notFound, unprocessable } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { PendingChangeset } from '../repositories/changeset.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { ProjectService } from './project.service.ts';

const jobDataSchema = z.object({ projectId: z.uuid(), version: z.number().int().positive() });
export type ChangesetJobData = z.infer<typeof jobDataSchema>;

/** Why a change has no changeset when the file's previous version is gone (should not happen). */
const NO_PREVIOUS_FILE = 'the previous version of the file is not on the server';
/** Why a change has no changeset when its own file is gone from the store. */
const NO_FILE = 'the file is not on the server';

/**
 * GeoPackage changesets of versions (reference §2: version detail `changesets`, `/v1/resource/changesets`):
 * computed in the background for whole-file updates (the `changesets` job, one per version), read back as the
 * detail list. A commit records its pending changesets in the database first and then sends the job, so work is
 * never lost: `sweep` sends the job again for every version still pending (at start and by housekeeping).
 */
export function createChangesetService(deps: {
  config: AppConfig;
  blobs: BlobStore;
  engine: ChangesetEngine;
  jobs: JobSender;
  log: Logger;
  repos: Repositories;
  projectService: ProjectService;
}) {
  const { config, blobs, engine, jobs, log, repos, projectService } = deps;
  const reach = crashPoint(config.testCrashPoint);

  /** Stores a file the engine wrote as a blob: its row first, then its name (as a push stores blobs). */
  async function storeFile(file: string): Promise<{ sha256: string; size: number; sha1: string }> {
    const sha1 = createHash('sha1');
    const staged = await blobs.stageFile(file, (piece) => sha1.update(piece));
    try {
      await repos.blobs.touch(staged.sha256, staged.size);
    } catch (error) {
      await staged.discard();
      throw error;
    }
    await blobs.flushFolders(await staged.store());
    return { sha256: staged.sha256, size: staged.size, sha1: sha1.digest('hex') };
  }

  /** Runs `work` with the blobs as local files (copies where the store is remote), released afterwards. */
  async function withLocalFiles<T>(
    sha256s: [string, string],
    work: (paths: [string, string]) => Promise<T>,
  ): Promise<T> {
    const first = await blobs.localFile(sha256s[0]);
    try {
      const second = await blobs.localFile(sha256s[1]);
      try {
        return await work([first.path, second.path]);
      } finally {
        await second.release();
      }
    } finally {
      await first.release();
    }
  }

  /** Computes one pending changeset against the file's previous version and records it (or why not). */
  async function compute(projectId: string, version: number, change: PendingChangeset): Promise<void> {
    const previous = await repos.versions.changeAt(projectId, change.path, version - 1);
    if (!change.blobSha256 || !previous?.blobSha256 || previous.change === 'delete') {
      await repos.changesets.markError(change.id, NO_PREVIOUS_FILE);
      return;
    }
    // A blob gone from the store (lost, removed by hand) will not come back: recorded, not retried for ever.
    for (const [sha256, why] of [
      [previous.blobSha256, NO_PREVIOUS_FILE],
      [change.blobSha256, NO_FILE],
    ] as const) {
      if (!(await blobs.has(sha256))) {
        log.error(
          { project: projectId, version, path: change.path, blob: sha256 },
          'blob missing from the store',
        );
        await repos.changesets.markError(change.id, why);
        return;
      }
    }
    reach('changesets:computing');
    const output = await blobs.tempPath();
    let summary;
    try {
      ({ summary } = await withLocalFiles([previous.blobSha256, change.blobSha256], ([before, after]) =>
        engine.diff(before, after, output, { project: projectId }),
      ));
    } catch (error) {
      await rm(output, { force: true });
      // The engine's answer about these two files (a schema change, a damaged file, too long) is recorded and
      // shown; so is an unexpected failure of the engine on them, which would fail the same way at every retry
      // (the sweep sends the job at every start and hour). Anything else (the database, the store) is the
      // server's and fails the job, which runs again.
      if (error instanceof EngineError) {
        if (error.kind === 'internal') {
          log.error({ err: error, project: projectId, version, path: change.path }, 'changeset not computed');
        }
        const reason = error.kind === 'internal' ? CHANGESET_API_TEXTS.computeFailedReason : error.reason;
        await repos.changesets.markError(change.id, reason);
        return;
      }
      throw error;
    }
    // Identical rows make an empty changeset, which the engine may not write at all.
    if (!(await stat(output).catch(() => undefined))) await writeFile(output, '');
    const stored = await storeFile(output);
    const computed = { summary, size: stored.size, blobSha256: stored.sha256 };
    if (stored.size === 0 || summary.length === 0) {
      // No row changed: the bytes differ elsewhere, so only the whole file rebuilds them; it stays `update`.
      await repos.changesets.markReady(change.id, computed);
      return;
    }
    // The forced update becomes a diff update (reference §3 step 5), so later pulls still apply diffs.
    await repos.transaction((tx) =>
      tx.changesets.markReadyAsDiff(change.id, computed, {
        path: `${change.path}-diff-${randomUUID()}`,
        checksum: stored.sha1,
      }),
    );
  }

  /** Asks for the changesets of a version just committed; a failure to ask is left to the sweep. */
  async function schedule(projectId: string, version: number): Promise<void> {
    try {
      await jobs.send(CHANGESETS_JOB, { projectId, version } satisfies ChangesetJobData, {
        singletonKey: `${projectId}/${version}`,
      });
    } catch (error) {
      log.warn({ err: error, project: projectId, version }, 'changeset job not sent; the sweep sends it');
    }
  }

  return {
    schedule,

    /** Sends the job for every version with changesets still pending; answers how many. */
    async sweep(): Promise<number> {
      const pending = await repos.changesets.pendingVersions();
      for (const { projectId, versionNumber } of pending) await schedule(projectId, versionNumber);
      return pending.length;
    },

    /** The job: every pending changeset of the version, one file after the other. Idempotent. */
    async computeVersion(data: unknown): Promise<void> {
      const parsed = jobDataSchema.safeParse(data);
      if (!parsed.success) {
        log.error({ data }, 'changeset job without a valid project and version');
        return;
      }
      const { projectId, version } = parsed.data;
      for (const change of await repos.changesets.pendingOfVersion(projectId, version)) {
        await compute(projectId, version, change);
      }
    },

    /**
     * GET /v1/resource/changesets/{ns}/{name}/{version}?path=: the changed rows of the file in that version as a
     * JSON array (a stream of a temporary file the engine wrote, removed once read).
     */
    async detail(input: {
      actor: Actor;
      namespace: string;
      name: string;
      version: string;
      path: string;
    }): Promise<Readable> {
      const { row } = await projectService.requireProject(
        input.actor,
        await repos.projects.findByPath(input.namespace, input.name),
      );
      const number = versionNameSchema.safeParse(input.version);
      const version = number.success ? await repos.versions.find(row.project.id, number.data) : undefined;
      if (!number.success || !version) {
        throw notFound(CHANGESET_API_TEXTS.versionNotFound(input.version, input.namespace, input.name));
      }
      const change = await repos.versions.changeAt(row.project.id, input.path, version.number);
      if (!change || change.versionNumber !== version.number || change.change === 'delete') {
        throw notFound(CHANGESET_API_TEXTS.fileNotFound(input.path));
      }
      if (change.changesetStatus === 'error') {
        throw unprocessable(CHANGESET_API_TEXTS.notCalculated(change.changesetError ?? ''));
      }
      if (change.changesetStatus !== 'ready' || !change.changesetBlobSha256) {
        throw notFound(CHANGESET_API_TEXTS.diffNotFound);
      }
      const sources = [change.changesetBlobSha256, change.blobSha256 ?? ''];
      if (!(await Promise.all(sources.map((sha256) => sha256 !== '' && blobs.has(sha256)))).every(Boolean)) {
        log.error(
          { project: row.project.id, path: input.path },
          'changeset or file missing from the blob store',
        );
        throw broken(`File ${input.path} is missing on the server`);
      }
      const output = await blobs.tempPath();
      try {
        await withLocalFiles([change.changesetBlobSha256, change.blobSha256 ?? ''], ([changeset, file]) =>
          engine.writeDetail(changeset, file, output, { project: row.project.id }),
        );
      } catch (error) {
        await rm(output, { force: true });
        if (!(error instanceof EngineError)) throw error;
        if (error.kind === 'internal') log.error({ err: error, path: input.path }, 'changeset detail failed');
        throw unprocessable(
          CHANGESET_API_TEXTS.notCalculated(
            error.kind === 'internal' ? CHANGESET_API_TEXTS.internalReason : error.reason,
          ),
        );
      }
      const stream = createReadStream(output, { highWaterMark: 256 * 1024 });
      stream.once('close', () => void rm(output, { force: true }));
      return stream;
    },
  };
}

export type ChangesetService = ReturnType<typeof createChangesetService>;
