import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ChunkV2Response,
  DELTA_TEXTS,
  type DeltaResponse,
  ERROR_TEXTS,
  type ProjectFileV2,
  type ProjectV2,
  PROJECT_TEXTS,
  PUSH_TEXTS,
  type PushChanges,
  UPLOAD_CHUNK_SIZE,
  V2_ERRORS,
  versionName,
  versionNameSchema,
} from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { conflict, DomainError, forbidden, notFound, tooLarge, unprocessable } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { canEditProject, canReadProject, type ProjectAccessFacts } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { mapPages, type StreamedJson } from '../lib/json-stream.ts';
import {
  presentDeltaChange,
  presentListedFileV2,
  presentProjectV2,
  presentProjectV2Head,
  type ProjectV2Head,
} from '../presenters/sync.presenter.ts';
import { isoSeconds } from '../presenters/timestamps.ts';
import { DiffsFailedError } from '../push/apply-diffs.ts';
import {
  assertStorageAllows,
  declaredChunkIds,
  declaredPaths,
  storageGrowth,
  validatePushChanges,
} from '../push/push-changes.ts';
import { assertMayPushChanges } from '../push/push-permission.ts';
import { ChunkTooBigError } from '../push/receive-body.ts';
import type { UploadArea } from '../push/upload-area.ts';
import type { V2ChunkFiles } from '../push/v2-chunk-files.ts';
import type { ProjectWithWorkspace } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { mergeDelta } from './delta.ts';
import { reserveV2Chunk } from './push-quota.ts';
import type { ProjectService } from './project.service.ts';
import type { PushClientInfo } from './push-commit.ts';
import type { PushService } from './push.service.ts';
import { accessFactsOf } from './project-access.ts';
import { UUID_PATTERN } from '../lib/uuid.ts';

/** A v2 project (`ProjectV2`) with its files streamed. */
export type StreamedProjectV2 = StreamedJson<ProjectV2Head, ProjectFileV2>;

const versionExists = (client: number, server: number) =>
  conflict(V2_ERRORS.versionExists.detail, {
    code: V2_ERRORS.versionExists.code,
    extra: { client_version: versionName(client), server_version: versionName(server) },
  });
const anotherUpload = () => conflict(V2_ERRORS.anotherUpload.detail, { code: V2_ERRORS.anotherUpload.code });
const uploadError = (reason: string) =>
  unprocessable(V2_ERRORS.uploadErrorDetail(reason), { code: V2_ERRORS.uploadError.code });
const dataSyncError = (failedFiles: Record<string, string>) =>
  unprocessable(V2_ERRORS.dataSync.detail, {
    code: V2_ERRORS.dataSync.code,
    extra: { failed_files: failedFiles },
  });

/** The v1 commit's refusal when another push committed the version first (its conflict has no code). */
const isLostVersionRace = (error: unknown) =>
  error instanceof DomainError && error.kind === 'conflict' && error.code === undefined;

/** A version name of a v2 query, or 400 (the reference validates them by pattern). */
function parseVersion(name: string): number {
  const parsed = versionNameSchema.safeParse(name);
  if (!parsed.success) throw new DomainError('invalid', DELTA_TEXTS.invalidVersion);
  return parsed.data;
}

/**
 * The v2 sync protocol (reference §2 "Push/pull v2", §3 step 8): project info, chunks with server ids (stored
 * apart from any transaction, under `DATA_DIR/chunks/<id>`, until a push uses them or they expire), one-call
 * pushes and the delta of versions. A v2 push is a v1 push driven from here: the same start (permission, checks,
 * quota, lock), the chunks linked into its transaction, the same finish (assembly, hashing, blobs, diffs, one
 * commit); only the answers are v2's.
 */
export function createSyncV2Service(deps: {
  config: AppConfig;
  blobs: BlobStore;
  log: Logger;
  repos: Repositories;
  projectService: ProjectService;
  push: PushService;
  uploadArea: UploadArea;
  chunkStore: V2ChunkFiles;
}) {
  const { config, blobs, log, repos, projectService, push, uploadArea, chunkStore } = deps;

  /**
   * The project by id, found with the caller's roles in one query; v2 hides a private project from people who may
   * not read it (404, not 403).
   */
  async function requireById(actor: Actor, id: string, check = canReadProject) {
    const found = await repos.projects.findByIdForCaller(id, actor?.id ?? null);
    const { row, facts } = (() => {
      try {
        return projectService.requireLoadedProject(actor, found);
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'forbidden')
          throw notFound(ERROR_TEXTS.urlNotFound);
        throw error;
      }
    })();
    if (!check(facts)) throw forbidden(PROJECT_TEXTS.noPermission);
    return { row, facts };
  }

  /** The project with the files of `number`: its latest version's from the current-file cache, or from history. */
  function withFiles(
    row: ProjectWithWorkspace,
    facts: ProjectAccessFacts,
    number: number,
  ): StreamedProjectV2 {
    const pages =
      number === row.project.latestVersion
        ? repos.projects.currentFilePages(row.project.id, number)
        : repos.projects.filePagesAt(row.project.id, number);
    return {
      head: presentProjectV2Head(row, facts),
      key: 'files',
      pages: mapPages(pages, (page) => page.map(presentListedFileV2)),
    };
  }

  /** The project after a push, its files streamed. */
  async function presentLatest(actor: Actor, id: string): Promise<StreamedProjectV2> {
    const { row, facts } = await requireById(actor, id);
    return withFiles(row, facts, row.project.latestVersion);
  }

  /**
   * Links the declared chunks into the transaction (by their index there) and records them present; missing ones
   * finish reports. Chunks another user uploaded, or uploaded for another project, count as missing (their records
   * name uploader and project). Answers the ids linked.
   */
  async function linkChunks(
    transaction: string,
    chunkIds: string[],
    owner: { userId: number; projectId: string },
  ): Promise<string[]> {
    const ids = chunkIds.map((id) => (UUID_PATTERN.test(id) ? id.toLowerCase() : undefined));
    const owned = await repos.quota.chunksOwnedBy(
      ids.filter((id) => id !== undefined),
      owner,
    );
    const linked = new Set<string>();
    const present: Array<{ index: number; size: number }> = [];
    for (const [index, id] of ids.entries()) {
      const size = id === undefined ? undefined : owned.get(id);
      if (id === undefined || size === undefined) continue;
      for (const place of chunkStore.places(id)) {
        if (!(await uploadArea.adoptFile(transaction, index, place))) continue;
        linked.add(id);
        present.push({ index, size });
        break;
      }
    }
    await repos.uploads.recordChunks(transaction, present);
    return [...linked];
  }

  const projectIsLive = async (id: string) => {
    const found = await repos.projects.findById(id);
    return found !== undefined && found.project.removedAt === null;
  };

  /** The v1 start's refusals in v2's words. */
  function asV2StartError(error: unknown, base: number, latest: () => Promise<number>): Promise<never> {
    // A removal-only push commits in its start: another push may have committed that version first.
    if (isLostVersionRace(error))
      return latest().then((server) => Promise.reject(versionExists(base, server)));
    if (!(error instanceof DomainError) || error.kind !== 'invalid') return Promise.reject(error);
    if (error.detail === PUSH_TEXTS.anotherProcess) return Promise.reject(anotherUpload());
    if (error.detail === PUSH_TEXTS.versionMismatch || error.detail === PUSH_TEXTS.firstPush) {
      return latest().then((server) => Promise.reject(versionExists(base, server)));
    }
    return Promise.reject(uploadError(error.detail));
  }

  /** The v1 finish's refusals in v2's words. */
  function asV2FinishError(error: unknown): unknown {
    if (error instanceof DiffsFailedError) {
      return dataSyncError(
        Object.fromEntries(error.failures.map((f) => [f.path, V2_ERRORS.syncError(f.reason)])),
      );
    }
    if (!(error instanceof DomainError)) return error;
    const corrupted = error.structuredDetail?.corrupted_files;
    if (Array.isArray(corrupted)) {
      return dataSyncError(Object.fromEntries(corrupted.map((path) => [String(path), V2_ERRORS.corrupted])));
    }
    // The transaction went meanwhile (a cancel or a finish elsewhere) while its finish ran.
    if (error.detail === PUSH_TEXTS.anotherProcess || error.detail === PUSH_TEXTS.uploadCanceled) {
      return anotherUpload();
    }
    if (error.kind === 'invalid') return uploadError(error.detail);
    return error;
  }

  return {
    /** GET /v2/projects/{id}[?files_at_version=vN]: files only when that version exists (as the reference). */
    async project(
      actor: Actor,
      id: string,
      filesAtVersion: string | undefined,
    ): Promise<ProjectV2 | StreamedProjectV2> {
      const { row, facts } = await requireById(actor, id);
      if (filesAtVersion === undefined) return presentProjectV2(row, facts);
      const number = parseVersion(filesAtVersion);
      if (!(await repos.projects.versionExists(id, number))) return presentProjectV2(row, facts);
      return withFiles(row, facts, number);
    },

    /** POST /v2/projects/{id}/chunks: stores one chunk under a new id (413 beyond the chunk size). */
    async uploadChunk(input: {
      actor: NonNullable<Actor>;
      id: string;
      body: Readable;
      contentLength: number | undefined;
    }): Promise<ChunkV2Response> {
      const tooBig = () => tooLarge(V2_ERRORS.bigChunk.detail, { code: V2_ERRORS.bigChunk.code });
      const chunkId = randomUUID();
      // Counted in its workspace's storage (at the most it may take) before any byte is written, the permission
      // read by the same statement that takes the quota lock (as `requireById` decides it) and asked first.
      const want = input.contentLength ?? UPLOAD_CHUNK_SIZE;
      await reserveV2Chunk(
        repos,
        { id: chunkId, projectId: input.id, userId: input.actor.id, want },
        (access) => {
          if (!access || access.removed) throw notFound(PROJECT_TEXTS.notFound);
          const facts = accessFactsOf(config, input.actor, { public: access.isPublic }, access.roles);
          if (!canReadProject(facts)) throw notFound(ERROR_TEXTS.urlNotFound);
          if (!canEditProject(facts)) throw forbidden(PROJECT_TEXTS.noPermission);
          if (input.contentLength !== undefined && input.contentLength > UPLOAD_CHUNK_SIZE) throw tooBig();
        },
      );
      try {
        // Not hashed: the answer carries no checksum, and the push that uses the chunk verifies its file's.
        const size = await chunkStore.store(chunkId, input.body, UPLOAD_CHUNK_SIZE);
        // Recorded at `want`: its size changes only when the body was not of its declared length.
        if (size !== want) await repos.quota.setChunkSize(chunkId, size);
      } catch (error) {
        await chunkStore.remove(chunkId);
        await repos.quota.deleteChunks([chunkId]);
        if (error instanceof ChunkTooBigError) throw tooBig();
        throw error;
      }
      const validUntil = new Date(Date.now() + config.uploadExpirationSeconds * 1000);
      return { id: chunkId, valid_until: isoSeconds(validUntil) };
    },

    /**
     * POST /v2/projects/{id}/versions: the checks (204 for `check_only`), then start, link, finish in one call.
     * Answers null for a dry run.
     */
    async createVersion(input: {
      actor: NonNullable<Actor>;
      id: string;
      version: string;
      changes: PushChanges;
      checkOnly: boolean;
      client: PushClientInfo;
    }): Promise<StreamedProjectV2 | null> {
      const { row, facts } = await requireById(input.actor, input.id, canEditProject);
      assertMayPushChanges(facts, input.changes);
      const base = parseVersion(input.version);
      if (base !== row.project.latestVersion) throw versionExists(base, row.project.latestVersion);
      const current = new Map(
        (await repos.projects.currentFilesAt(input.id, declaredPaths(input.changes))).map((file) => [
          file.path,
          file,
        ]),
      );
      let changes;
      try {
        changes = validatePushChanges(input.changes, new Set(current.keys()));
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'invalid') throw uploadError(error.detail);
        throw error;
      }
      const growth = storageGrowth(changes, current);
      const usage = (await repos.workspaces.usage([row.workspace.id])).get(row.workspace.id)?.diskUsage ?? 0;
      assertStorageAllows(growth, usage, row.workspace.storage);
      if (input.checkOnly) return null;

      const latest = async () => (await repos.projects.findById(input.id))?.project.latestVersion ?? base;
      const started = await push
        .start({
          actor: input.actor,
          namespace: row.workspace.name,
          name: row.project.name,
          version: input.version,
          changes: input.changes,
          client: input.client,
        })
        .catch((error: unknown) => asV2StartError(error, base, latest));
      if (!('transaction' in started)) return presentLatest(input.actor, input.id);

      const chunkIds = declaredChunkIds(changes);
      let linked: string[] = [];
      try {
        linked = await linkChunks(started.transaction, chunkIds, {
          userId: input.actor.id,
          projectId: row.project.id,
        });
        await push.finish({ actor: input.actor, transaction: started.transaction, client: input.client });
      } catch (error) {
        // Whatever failed, the project must not stay locked by this call's transaction.
        await push.cancel(input.actor, started.transaction).catch(() => undefined);
        // A 404 of the finish while the project is still there: the transaction went before the finish began.
        if (error instanceof DomainError && error.kind === 'not-found' && (await projectIsLive(input.id))) {
          throw anotherUpload();
        }
        const answer = asV2FinishError(error);
        if (isLostVersionRace(answer)) {
          throw versionExists(base, await latest());
        }
        throw answer;
      }
      // The chunks belong to the version now (as the reference, they are not reused).
      for (const id of linked) await chunkStore.remove(id);
      await repos.quota.deleteChunks(linked);
      return presentLatest(input.actor, input.id);
    },

    /** GET /v2/projects/{id}/delta?since=vN[&to=vM]: each file's net change after vN up to vM. */
    async delta(actor: Actor, id: string, since: string, to: string | undefined): Promise<DeltaResponse> {
      const { row } = await requireById(actor, id);
      const latest = row.project.latestVersion;
      const from = parseVersion(since);
      const until = to === undefined ? latest : parseVersion(to);
      if (until > latest) throw new DomainError('invalid', DELTA_TEXTS.toTooHigh);
      if (from > until) throw new DomainError('invalid', DELTA_TEXTS.sinceTooHigh(to !== undefined));
      const changes = from === until ? [] : await repos.versions.changesBetween(id, from, until);
      return { to_version: versionName(until), items: mergeDelta(changes.map(presentDeltaChange)) };
    },

    /** GET /v2/projects/{id}/raw/diff?file=: the stored changeset named by a delta's diff id. */
    async rawDiff(actor: Actor, id: string, file: string): Promise<{ sha256: string; size: number }> {
      await requireById(actor, id);
      const change = await repos.versions.findByDiffPath(id, file);
      if (!change?.diffBlobSha256) throw notFound(`Diff ${file} not found`);
      if (!(await blobs.has(change.diffBlobSha256))) {
        log.error({ project: id, diff: file }, 'diff missing from the blob store');
        throw unprocessable(V2_ERRORS.diffDownload.detail, { code: V2_ERRORS.diffDownload.code });
      }
      return { sha256: change.diffBlobSha256, size: change.diffSize ?? 0 };
    },

    /** The cleanup job: chunks older than the expiration (and stray entries) are removed. Answers how many. */
    async removeExpiredChunks(now = new Date()): Promise<number> {
      const cutoff = now.getTime() - config.uploadExpirationSeconds * 1000;
      await repos.quota.deleteChunksBefore(new Date(cutoff));
      let removed = 0;
      for (const entry of await chunkStore.list()) {
        if (entry.isTransaction && entry.modified.getTime() >= cutoff) continue;
        await chunkStore.removeEntry(entry.name);
        removed += 1;
      }
      return removed;
    },
  };
}

export type SyncV2Service = ReturnType<typeof createSyncV2Service>;
