import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ChunkResponse,
  ERROR_TEXTS,
  isVersionedFile,
  type ProjectDetail,
  PUSH_TEXTS,
  type PushChanges,
  UPLOAD_CHUNK_SIZE,
  versionName,
  versionNameSchema,
} from '@waymark/contract';
import type { ChangesetEngine } from '../changesets/engine.ts';
import type { AppConfig } from '../config.ts';
import { conflict, DomainError, forbidden, invalid, notFound, unprocessable } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { crashPoint } from '../lib/crash-point.ts';
import { mapPool } from '../lib/map-pool.ts';
import { canEditProject } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import {
  type DeclaredChanges,
  type DeclaredFile,
  declaredChunkIds,
  needsUpload,
  assertStorageAllows,
  storageGrowth,
  uploadedBytesOf,
  validatePushChanges,
  declaredDiffPaths,
} from '../push/push-changes.ts';
import { type AppliedDiff, applyDiffs, DiffsFailedError } from '../push/apply-diffs.ts';
import { assertMayPushChanges } from '../push/push-permission.ts';
import { assertChunkCounts, declaredUploadBytes, quotaCharge } from '../push/upload-budget.ts';
import { ChunkTooBigError, type UploadArea } from '../push/upload-area.ts';
import type { ProjectFileRow } from '../repositories/project.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { isUniqueViolation } from '../repositories/unique-violation.ts';
import type { UploadRow } from '../repositories/upload.repository.ts';
import type { ChangesetOfCommit, CommitChange } from '../repositories/version.repository.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';
import type { ChangesetService } from './changeset.service.ts';
import type { ProjectService } from './project.service.ts';
import { beginCommit, endCommit, reserveAtStart, writeChunkWithinBudget } from './push-quota.ts';
import { createPushGuard } from './push-guard.ts';
import { UUID_PATTERN } from '../lib/uuid.ts';

/** What the push transaction row keeps: the validated changes and the chunk ids (their index names the file). */
type StoredChanges = DeclaredChanges & { chunkIds: string[] };

export type PushClientInfo = { userAgent: string | null; deviceId: string | null };

/** Files assembled at the same time by one finish: enough to overlap hashing with disk waits. */
const ASSEMBLY_CONCURRENCY = 8;

class CorruptedFile extends Error {}

const corruptedFiles = (paths: string[]) =>
  unprocessable(`Corrupted files: ${paths.join(', ')}`, { structuredDetail: { corrupted_files: paths } });

/**
 * The v1 push protocol (reference §3): start (checks, quota, the lock), chunks, finish (assemble, verify, store
 * blobs, commit the version in one transaction), cancel. The lock is the `uploads` row of the project; chunk
 * bytes live in the upload area until finish turns them into blobs.
 */
export function createPushService(deps: {
  config: AppConfig;
  blobs: BlobStore;
  uploadArea: UploadArea;
  log: Logger;
  repos: Repositories;
  projectService: ProjectService;
  engine: ChangesetEngine;
  changesets: ChangesetService;
}) {
  const { config, blobs, uploadArea, log, repos, projectService, engine, changesets } = deps;
  const reach = crashPoint(config.testCrashPoint);
  const assertStillMayPush = createPushGuard({ repos, projectService });
  /** Finishes running in this process, so a client's retry does not assemble the same files twice. */
  const finishing = new Set<string>();
  /**
   * Chunk ids → index and owner of recent transactions, so a chunk request does not load and parse the whole
   * declared change list again: a transaction's row never changes after its start except for `last_ping`.
   * Whether it still exists is checked by the touch after each chunk.
   */
  const chunkIndexCache = new Map<
    string,
    { userId: number; projectId: string; changes: StoredChanges; indexes: Map<string, number> }
  >();
  const CHUNK_CACHE_SIZE = 64;

  /** Keeps a transaction alive (no takeover) while a long operation runs; returns the stop function. */
  function heartbeat(transaction: string): () => void {
    const everyMs = Math.min(30_000, (config.pushTakeoverSeconds * 1000) / 3);
    const timer = setInterval(() => {
      repos.uploads
        .touch(transaction)
        .catch((error: unknown) => log.warn({ err: error }, 'heartbeat failed'));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The caller's own live transaction (404 when unknown or its project is gone, 403 for another user's). */
  async function requireUpload(actor: NonNullable<Actor>, transaction: string): Promise<UploadRow> {
    if (!UUID_PATTERN.test(transaction)) throw notFound(ERROR_TEXTS.urlNotFound);
    const found = await repos.uploads.findById(transaction.toLowerCase());
    if (!found || found.projectRemoved) throw notFound(ERROR_TEXTS.urlNotFound);
    if (found.upload.userId !== actor.id) throw forbidden(PUSH_TEXTS.uploadForbidden);
    return found.upload;
  }

  const storedChanges = (upload: UploadRow) => upload.changes as StoredChanges;

  /** Takes the project's push lock inside a transaction; a stale holder is replaced. Returns its id, if any. */
  async function takeLock(tx: Repositories, projectId: string): Promise<string | undefined> {
    const holder = await tx.uploads.findByProjectForUpdate(projectId);
    if (!holder) return undefined;
    if (!(await tx.uploads.isIdleSince(holder.id, config.pushTakeoverSeconds))) {
      throw invalid(PUSH_TEXTS.anotherProcess);
    }
    await tx.uploads.delete(holder.id);
    chunkIndexCache.delete(holder.id);
    log.info({ project: projectId, transaction: holder.id }, 'stale push taken over');
    return holder.id;
  }

  /**
   * The base version compared again once the lock is held: a push that committed between the first look and the
   * lock made this one stale, and it is refused at its start (400, as the reference) rather than at its finish.
   */
  async function assertBaseStillLatest(tx: Repositories, projectId: string, base: number): Promise<void> {
    const now = await tx.projects.findById(projectId);
    if (!now || now.project.removedAt) throw notFound(ERROR_TEXTS.notFound);
    const latest = now.project.latestVersion;
    if (base !== latest) throw invalid(latest === 0 ? PUSH_TEXTS.firstPush : PUSH_TEXTS.versionMismatch);
  }

  /** The history rows of a version from the declared changes, the blobs stored for them and the rebuilt diffs. */
  function commitChanges(
    changes: DeclaredChanges,
    current: Map<string, ProjectFileRow>,
    stored: Map<string, StagedBlob> = new Map(),
    applied: Map<string, AppliedDiff> = new Map(),
  ): CommitChange[] {
    const kept = (file: DeclaredFile, change: CommitChange['change']): CommitChange => {
      const changeset: ChangesetOfCommit | undefined = !isVersionedFile(file.path)
        ? undefined
        : { status: change === 'create' ? 'none' : 'pending' };
      return {
        path: file.path,
        change,
        size: file.size,
        checksum: file.checksum,
        blobSha256: stored.get(file.path)?.sha256 ?? null,
        changeset,
      };
    };
    const diffUpdate = (file: DeclaredFile & { diff: NonNullable<DeclaredFile['diff']> }): CommitChange => {
      const rebuilt = applied.get(file.path);
      const uploaded = stored.get(file.path);
      if (!rebuilt || !uploaded) throw new Error(`diff update of ${file.path} was not applied`);
      // The file as the server rebuilt it: its own size and checksum, not the client's.
      return {
        path: file.path,
        change: 'update_diff',
        size: rebuilt.file.size,
        checksum: rebuilt.sha1,
        blobSha256: rebuilt.file.sha256,
        diff: { ...file.diff, blobSha256: uploaded.sha256 },
        changeset: {
          status: 'ready',
          summary: rebuilt.summary,
          size: uploaded.size,
          blobSha256: uploaded.sha256,
        },
      };
    };
    return [
      ...changes.added.map((file) => kept(file, 'create')),
      ...changes.updated.map((file) =>
        file.diff ? diffUpdate({ ...file, diff: file.diff }) : kept(file, 'update'),
      ),
      ...changes.removed.map((file) => {
        const was = current.get(file.path);
        return {
          path: file.path,
          change: 'delete' as const,
          size: was?.size ?? file.size,
          checksum: was?.checksum ?? file.checksum,
          blobSha256: null,
        };
      }),
    ];
  }

  /** Commits version base+1 in one transaction: lock checks, version rows, file cache, project totals. */
  async function commitVersion(input: {
    tx: Repositories;
    projectId: string;
    base: number;
    actor: NonNullable<Actor>;
    client: PushClientInfo;
    changes: CommitChange[];
    restoredFrom?: number | undefined;
  }): Promise<void> {
    const { tx } = input;
    const project = await tx.versions.lockProject(input.projectId);
    if (!project || project.removedAt) throw notFound(ERROR_TEXTS.urlNotFound);
    if (project.latestVersion !== input.base)
      throw conflict(PUSH_TEXTS.versionExists(versionName(input.base + 1)));
    const quota = await beginCommit(tx, input.projectId);
    await tx.versions.commit({
      projectId: input.projectId,
      number: input.base + 1,
      authorId: input.actor.id,
      userAgent: input.client.userAgent,
      deviceId: input.client.deviceId,
      changes: input.changes,
      restoredFrom: input.restoredFrom,
    });
    await endCommit(tx, quota);
  }

  /**
   * Commits version base+1 from changes needing no upload (removals, or blobs the server already has) under the
   * push lock: a live push refuses it (400 `anotherProcess`), a stale one is taken over.
   */
  async function commitDirect(input: {
    projectId: string;
    base: number;
    actor: NonNullable<Actor>;
    client: PushClientInfo;
    changes: CommitChange[];
    restoredFrom?: number | undefined;
  }): Promise<void> {
    const replaced = await repos.transaction(async (tx) => {
      const stale = await takeLock(tx, input.projectId);
      await commitVersion({ tx, ...input });
      return stale;
    });
    if (replaced) await uploadArea.remove(replaced);
  }

  async function projectAfterPush(actor: NonNullable<Actor>, projectId: string): Promise<ProjectDetail> {
    const row = await repos.projects.findById(projectId);
    if (!row) throw notFound(ERROR_TEXTS.urlNotFound);
    return projectService.detail(actor, row);
  }

  /**
   * Assembles one file (or the changeset of a diff update) from its chunks into a staged blob (hashed and flushed,
   * not yet under its real name), verifying size and SHA-1; a mismatch discards it and throws `CorruptedFile`.
   */
  async function assemble(
    upload: UploadRow,
    file: DeclaredFile,
    chunkIndexes: number[],
  ): Promise<StagedBlob> {
    const sha1 = createHash('sha1');
    const [only] = chunkIndexes;
    let staged: StagedBlob;
    if (chunkIndexes.length === 1 && only !== undefined) {
      // A file of one chunk is that chunk: it becomes the blob without being written again.
      staged = await blobs.stageLinkOf(uploadArea.chunkFile(upload.id, only), (piece) => sha1.update(piece));
    } else {
      const pieces = uploadArea.readChunks(upload.id, chunkIndexes);
      staged = await blobs.stage(
        (async function* () {
          for await (const piece of pieces) {
            sha1.update(piece);
            yield piece;
          }
        })(),
      );
    }
    const expected = uploadedBytesOf(file);
    if (staged.size !== expected.size || sha1.digest('hex') !== expected.checksum) {
      await staged.discard();
      throw new CorruptedFile(file.path);
    }
    return staged;
  }

  /**
   * Gives staged blobs their real names: their rows first, all in one statement (bytes never exist without a
   * row that can collect them), then the renames, then one flush per folder so the names survive a power cut.
   */
  async function storeBlobs(staged: StagedBlob[]): Promise<void> {
    await repos.blobs.touchMany(staged);
    const folders: string[] = [];
    await mapPool(staged, ASSEMBLY_CONCURRENCY, async (blob) => {
      folders.push(...(await blob.store()));
      reach('finish:blob-stored');
    });
    await blobs.flushFolders(folders);
  }

  /**
   * After a finish step failed: when the transaction is gone meanwhile (a cancel, or a finish of another process,
   * removed its row and bytes), that is the cause, and the answer is 400 'Upload was probably canceled' (the
   * reference's), not the missing files. Otherwise returns, and the caller reports its own failure.
   */
  async function assertNotCanceled(transaction: string): Promise<void> {
    if (await repos.uploads.touch(transaction)) return;
    chunkIndexCache.delete(transaction);
    await uploadArea.remove(transaction);
    throw invalid(PUSH_TEXTS.uploadCanceled);
  }

  /** Drops a transaction: its row (the lock) first, then its bytes. */
  async function clear(transaction: string): Promise<void> {
    chunkIndexCache.delete(transaction);
    await repos.uploads.delete(transaction);
    await uploadArea.remove(transaction);
  }

  return {
    commitDirect,

    /** POST /v1/project/push/{ns}/{name}: a transaction for uploads, or a removal-only version at once. */
    async start(input: {
      actor: NonNullable<Actor>;
      namespace: string;
      name: string;
      version: string;
      changes: PushChanges;
      client: PushClientInfo;
    }): Promise<{ transaction: string } | ProjectDetail> {
      const { row, facts } = await projectService.requireProject(
        input.actor,
        await repos.projects.findByPath(input.namespace, input.name),
        canEditProject,
      );
      assertMayPushChanges(facts, input.changes);
      const projectId = row.project.id;
      const base = versionNameSchema.safeParse(input.version);
      if (!base.success) throw invalid(PUSH_TEXTS.versionMismatch);
      if (base.data !== row.project.latestVersion) {
        throw invalid(row.project.latestVersion === 0 ? PUSH_TEXTS.firstPush : PUSH_TEXTS.versionMismatch);
      }

      const currentFiles = await repos.projects.currentFiles(projectId);
      const current = new Map(currentFiles.map((file) => [file.path, file]));
      const changes = validatePushChanges(input.changes, new Set(current.keys()));
      assertChunkCounts(changes);
      const [reusedDiff] = await repos.versions.existingDiffPaths(projectId, declaredDiffPaths(changes));
      if (reusedDiff !== undefined) throw invalid(PUSH_TEXTS.alreadyUploaded(reusedDiff));

      const growth = storageGrowth(changes, current);
      const usage = (await repos.workspaces.usage([row.workspace.id])).get(row.workspace.id)?.diskUsage ?? 0;
      assertStorageAllows(growth, usage, row.workspace.storage);

      if (!needsUpload(changes)) {
        const replaced = await repos.transaction(async (tx) => {
          const stale = await takeLock(tx, projectId);
          await assertBaseStillLatest(tx, projectId, base.data);
          await commitVersion({
            tx,
            projectId,
            base: base.data,
            actor: input.actor,
            client: input.client,
            changes: commitChanges(changes, current),
          });
          return stale;
        });
        if (replaced) await uploadArea.remove(replaced);
        return projectAfterPush(input.actor, projectId);
      }

      const transaction = randomUUID();
      const stored: StoredChanges = { ...changes, chunkIds: declaredChunkIds(changes) };
      let replaced: string | undefined;
      try {
        replaced = await repos.transaction(async (tx) => {
          const stale = await takeLock(tx, projectId);
          await assertBaseStillLatest(tx, projectId, base.data);
          await reserveAtStart(tx, projectId, quotaCharge(changes, current));
          await tx.uploads.insert({
            id: transaction,
            projectId,
            version: base.data,
            userId: input.actor.id,
            changes: stored,
            userAgent: input.client.userAgent,
            deviceId: input.client.deviceId,
            declaredBytes: declaredUploadBytes(changes),
            reservedBytes: Math.max(0, quotaCharge(changes, current)),
          });
          return stale;
        });
      } catch (error) {
        // Two pushes raced for a free lock: the unique index let one in.
        if (isUniqueViolation(error)) throw invalid(PUSH_TEXTS.anotherProcess);
        throw error;
      }
      if (replaced) await uploadArea.remove(replaced);
      return { transaction };
    },

    /** POST /v1/project/push/chunk/{tx}/{chunk}: streams one declared chunk to disk. */
    async chunk(input: {
      actor: NonNullable<Actor>;
      transaction: string;
      chunk: string;
      body: Readable;
      contentLength: number | undefined;
    }): Promise<ChunkResponse> {
      const transaction = input.transaction.toLowerCase();
      let known = chunkIndexCache.get(transaction);
      if (!known) {
        const upload = await requireUpload(input.actor, transaction);
        known = {
          userId: upload.userId,
          projectId: upload.projectId,
          changes: storedChanges(upload),
          indexes: new Map(storedChanges(upload).chunkIds.map((id, index) => [id, index])),
        };
        if (chunkIndexCache.size >= CHUNK_CACHE_SIZE) {
          chunkIndexCache.delete(chunkIndexCache.keys().next().value ?? '');
        }
        chunkIndexCache.set(transaction, known);
      }
      if (known.userId !== input.actor.id) throw forbidden(PUSH_TEXTS.uploadForbidden);
      await assertStillMayPush({
        actor: input.actor,
        projectId: known.projectId,
        changes: known.changes,
        onRefused: () => clear(transaction),
      });
      const index = known.indexes.get(input.chunk);
      if (index === undefined) throw notFound(ERROR_TEXTS.urlNotFound);
      if (input.contentLength !== undefined && input.contentLength > UPLOAD_CHUNK_SIZE) {
        throw invalid(PUSH_TEXTS.tooBigChunk);
      }
      const stop = heartbeat(transaction);
      let result: ChunkResponse;
      try {
        result = await writeChunkWithinBudget({
          repos,
          uploadArea,
          transaction,
          index,
          body: input.body,
          contentLength: input.contentLength,
        });
      } catch (error) {
        if (error instanceof ChunkTooBigError) throw invalid(PUSH_TEXTS.tooBigChunk);
        // The folder may have gone with the transaction (cancelled or taken over while the bytes arrived).
        if (!(await repos.uploads.touch(transaction))) {
          chunkIndexCache.delete(transaction);
          await uploadArea.remove(transaction);
          throw invalid(PUSH_TEXTS.uploadCanceled);
        }
        throw error;
      } finally {
        stop();
      }
      if (!(await repos.uploads.touch(transaction))) {
        // Cancelled, taken over or finished while the bytes arrived: they belong to nobody.
        chunkIndexCache.delete(transaction);
        await uploadArea.remove(transaction);
        throw invalid(PUSH_TEXTS.uploadCanceled);
      }
      return result;
    },

    /** POST /v1/project/push/finish/{tx}: assemble and verify every file, store blobs, commit the version. */
    async finish(input: {
      actor: NonNullable<Actor>;
      transaction: string;
      client: PushClientInfo;
    }): Promise<ProjectDetail> {
      const upload = await requireUpload(input.actor, input.transaction);
      const stillMayPush = () =>
        assertStillMayPush({
          actor: input.actor,
          projectId: upload.projectId,
          changes: storedChanges(upload),
          onRefused: () => clear(upload.id),
        });
      await stillMayPush();
      if (finishing.has(upload.id)) throw invalid(PUSH_TEXTS.anotherProcess);
      finishing.add(upload.id);
      const stop = heartbeat(upload.id);
      try {
        await assertNotCanceled(upload.id);
        const changes = storedChanges(upload);
        const indexOf = new Map(changes.chunkIds.map((id, index) => [id, index]));
        const files = [...changes.added, ...changes.updated];
        const sizes = await uploadArea.chunkSizes(upload.id, [...indexOf.values()]);
        const chunkIndexes = (file: DeclaredFile) => file.chunks.map((id) => indexOf.get(id) ?? -1);
        const incomplete = files.filter((file) => {
          const indexes = chunkIndexes(file);
          if (indexes.some((index) => !sizes.has(index))) return true;
          return (
            indexes.reduce((sum, index) => sum + (sizes.get(index) ?? 0), 0) !== uploadedBytesOf(file).size
          );
        });
        if (incomplete.length > 0) {
          await assertNotCanceled(upload.id);
          await clear(upload.id);
          throw corruptedFiles(incomplete.map((file) => file.path));
        }

        const corrupted: string[] = [];
        const staged = new Map<string, StagedBlob>();
        try {
          await mapPool(files, ASSEMBLY_CONCURRENCY, async (file) => {
            try {
              staged.set(file.path, await assemble(upload, file, chunkIndexes(file)));
            } catch (error) {
              if (!(error instanceof CorruptedFile)) throw error;
              corrupted.push(file.path);
            }
          });
        } catch (error) {
          await Promise.all([...staged.values()].map((blob) => blob.discard()));
          // A chunk file vanished under the assembly (ENOENT): the transaction was cancelled meanwhile.
          await assertNotCanceled(upload.id);
          throw error;
        }
        if (corrupted.length > 0) {
          await Promise.all([...staged.values()].map((blob) => blob.discard()));
          await assertNotCanceled(upload.id);
          await clear(upload.id);
          throw corruptedFiles(corrupted.sort());
        }
        const current = new Map(
          (await repos.projects.currentFiles(upload.projectId)).map((file) => [file.path, file]),
        );
        let rebuilt: Awaited<ReturnType<typeof applyDiffs>>;
        try {
          rebuilt = await applyDiffs({
            engine,
            blobs,
            projectId: upload.projectId,
            files: changes.updated.filter((file) => file.diff),
            changesets: staged,
            current: new Map([...current].map(([path, file]) => [path, file.blobSha256])),
          });
        } catch (error) {
          await Promise.all([...staged.values()].map((blob) => blob.discard()));
          throw error;
        }
        if (rebuilt.failed.length > 0) {
          // As the reference: the transaction ends, nothing of it is kept; the client pushes again.
          await Promise.all(
            [...staged.values(), ...[...rebuilt.applied.values()].map((diff) => diff.file)].map((blob) =>
              blob.discard(),
            ),
          );
          await clear(upload.id);
          throw new DiffsFailedError(rebuilt.failed);
        }
        await storeBlobs([...staged.values(), ...[...rebuilt.applied.values()].map((diff) => diff.file)]);

        reach('finish:assembled');
        // Asked again just before the commit: access may have been taken away while the files were assembled.
        await stillMayPush();
        try {
          await repos.transaction(async (tx) => {
            if (!(await tx.uploads.lockById(upload.id))) throw invalid(PUSH_TEXTS.uploadCanceled);
            await commitVersion({
              tx,
              projectId: upload.projectId,
              base: upload.version,
              actor: input.actor,
              client: {
                userAgent: upload.userAgent,
                deviceId: upload.deviceId,
                ...definedOnly(input.client),
              },
              changes: commitChanges(changes, current, staged, rebuilt.applied),
            });
            await tx.uploads.delete(upload.id);
          });
        } catch (error) {
          // The version was made by someone else meanwhile: this upload can never commit.
          // Nor can one beyond its workspace's storage.
          if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'limit-hit'))
            await clear(upload.id);
          throw error;
        }
        reach('finish:committed');
        if (changes.updated.some((file) => !file.diff && isVersionedFile(file.path))) {
          await changesets.schedule(upload.projectId, upload.version + 1);
        }
        log.info(
          { project: upload.projectId, version: versionName(upload.version + 1), transaction: upload.id },
          'push finished',
        );
      } finally {
        stop();
        finishing.delete(upload.id);
      }
      // After the commit: a crash before this leaves a folder without a row, which the cleanup job removes.
      chunkIndexCache.delete(upload.id);
      await uploadArea.remove(upload.id);
      return projectAfterPush(input.actor, upload.projectId);
    },

    /** POST /v1/project/push/cancel/{tx}: drops the transaction and its bytes. */
    async cancel(actor: NonNullable<Actor>, transaction: string): Promise<void> {
      const upload = await requireUpload(actor, transaction);
      await clear(upload.id);
    },

    /** Pushes open across the cluster (for the metrics). */
    countOpen: () => repos.uploads.countOpen(),

    /**
     * The cleanup job: removes transactions idle beyond the expiration, and upload folders without a
     * transaction (a crash after a commit or during a takeover). Returns what it removed.
     */
    async removeExpired(now = new Date()): Promise<{ transactions: number; folders: number }> {
      const cutoff = new Date(now.getTime() - config.uploadExpirationSeconds * 1000);
      const expired = await repos.uploads.deleteIdleBefore(cutoff);
      for (const id of expired) {
        chunkIndexCache.delete(id);
        await uploadArea.remove(id);
      }
      const entries = await uploadArea.list();
      const live = await repos.uploads.existingIds(entries.filter((e) => e.isTransaction).map((e) => e.name));
      // A folder appears only after its row exists, so one without a row is never a push starting up.
      let folders = 0;
      for (const entry of entries) {
        if (entry.isTransaction && live.has(entry.name)) continue;
        await uploadArea.removeEntry(entry.name);
        folders += 1;
      }
      return { transactions: expired.length, folders };
    },
  };
}

/** The client fields that were given (finish may come from the same client without its headers). */
function definedOnly(client: PushClientInfo): Partial<PushClientInfo> {
  return Object.fromEntries(Object.entries(client).filter(([, value]) => value !== null));
}

export type PushService = ReturnType<typeof createPushService>;
