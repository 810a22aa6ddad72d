import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ChunkResponse,
  ERROR_TEXTS,
  PUSH_TEXTS,
  type PushChanges,
  UPLOAD_CHUNK_SIZE,
  versionNameSchema,
} from '@waymark/contract';
import type { ChangesetEngine } from '../changesets/engine.ts';
import type { AppConfig } from '../config.ts';
import { forbidden, invalid, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { canEditProject } from '../policies/project.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import {
  needsUpload,
  assertStorageAllows,
  declaredChunkIds,
  storageGrowth,
  validatePushChanges,
  declaredDiffPaths,
  declaredPaths,
} from '../push/push-changes.ts';
import { assertMayPushChanges } from '../push/push-permission.ts';
import { ChunkTooBigError } from '../push/receive-body.ts';
import { assertChunkCounts, declaredUploadBytes, quotaCharge } from '../push/upload-budget.ts';
import type { ChunkState, UploadArea } from '../push/upload-area.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { isUniqueViolation } from '../repositories/unique-violation.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { ChangesetService } from './changeset.service.ts';
import type { ProjectService, StreamedProjectDetail } from './project.service.ts';
import { commitChanges, commitVersion, type PushClientInfo, type VersionCommit } from './push-commit.ts';
import { createPushFinish } from './push-finish.ts';
import { assertMayStillPush, createPushGuard } from './push-guard.ts';
import { chunkWant, reserveAtStart, writeChunkWithinBudget } from './push-quota.ts';
import { createPushTransactions, type KnownTransaction, type StoredChanges } from './push-transactions.ts';

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
  const assertStillMayPush = createPushGuard({ config, repos });
  const transactions = createPushTransactions({ config, repos, uploadArea, log });
  const finish = createPushFinish({
    config,
    blobs,
    uploadArea,
    log,
    repos,
    engine,
    changesets,
    transactions,
    assertStillMayPush,
  });

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

  /**
   * Commits version base+1 from changes needing no upload (removals, or blobs the server already has) under the
   * push lock: a live push refuses it (400 `anotherProcess`), a stale one is taken over.
   */
  async function commitDirect(input: VersionCommit): Promise<void> {
    const replaced = await repos.transaction(async (tx) => {
      const stale = await transactions.takeLock(tx, input.projectId);
      await commitVersion({ tx, ...input });
      return stale;
    });
    if (replaced) await uploadArea.remove(replaced);
  }

  async function projectAfterPush(
    actor: NonNullable<Actor>,
    projectId: string,
  ): Promise<StreamedProjectDetail> {
    const row = await repos.projects.findById(projectId);
    if (!row) throw notFound(ERROR_TEXTS.urlNotFound);
    return projectService.detail(actor, row);
  }

  /**
   * One v1 chunk's bytes, hashed for its answer (SHA-1) as they arrive: when it has a place in its file and its
   * length is that place's, compared with the stored blob of a file the store holds (nothing written), or written
   * into its file at its place (also hashed there for the file's digests when it comes in order); else stored
   * apart as a chunk file. Answers the checksum and the chunk's state, for the caller to record.
   */
  async function writeChunk(
    known: KnownTransaction,
    transaction: string,
    index: number,
    body: Readable,
    contentLength: number | undefined,
    maxBytes: number,
  ): Promise<{ checksum: string; size: number; state: ChunkState }> {
    const stored = async () => {
      const written = await uploadArea.writeChunk(transaction, index, body, maxBytes);
      return { ...written, state: { size: written.size } };
    };
    const place = known.layout.get(index);
    if (!place || place.size !== contentLength) return stored();
    const sha1 = createHash('sha1');
    const heldSha256 = known.heldFiles.get(place.file);
    if (heldSha256 !== undefined) {
      // Bytes the store holds (local disk, where comparing costs a read): compared, not written.
      if (!blobs.matches || !(await blobs.has(heldSha256))) return stored();
      const blob = { file: (await blobs.localFile(heldSha256)).path };
      const { size, stored: spilled } = await uploadArea.matchChunk(
        transaction,
        index,
        place,
        blob,
        body,
        maxBytes,
        (piece) => sha1.update(piece),
      );
      return { checksum: sha1.digest('hex'), size, state: spilled ? { size } : { size, held: heldSha256 } };
    }
    const hashes = transactions.hashes;
    const running = hashes.begin(transaction, place.file, place.chunk);
    let written;
    try {
      written = await uploadArea.placeChunk(transaction, index, place, body, maxBytes, (piece) => {
        sha1.update(piece);
        running?.(piece);
      });
    } catch (error) {
      if (running) hashes.failed(transaction, place.file);
      throw error;
    }
    hashes.written(
      transaction,
      place.file,
      { chunk: place.chunk, offset: place.offset, size: written.size, token: written.token },
      running !== undefined,
    );
    return { checksum: sha1.digest('hex'), ...written, state: written };
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
    }): Promise<{ transaction: string } | StreamedProjectDetail> {
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

      const currentFiles = await repos.projects.currentFilesAt(projectId, declaredPaths(input.changes));
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
          const stale = await transactions.takeLock(tx, projectId);
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

      // Its changesets are applied at the finish: a changeset thread starts while they upload.
      if (changes.updated.some((file) => file.diff)) void engine.warm();
      const transaction = randomUUID();
      const stored: StoredChanges = { ...changes, chunkIds: declaredChunkIds(changes) };
      let replaced: string | undefined;
      try {
        replaced = await repos.transaction(async (tx) => {
          const stale = await transactions.takeLock(tx, projectId);
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

    /**
     * POST /v1/project/push/chunk/{tx}/{chunk}: streams one declared chunk to disk. Two statements once the
     * transaction is known to this process: one that asks the push permission again, removes the record of an
     * earlier write of the chunk and takes the chunk's bytes from the budget (`quota.takeChunkBytes`), and one
     * after the write that records the chunk, keeps the transaction alive, gives back what the chunk did not use
     * and tells whether it was cancelled meanwhile (`uploads.touch`).
     */
    async chunk(input: {
      actor: NonNullable<Actor>;
      transaction: string;
      chunk: string;
      body: Readable;
      contentLength: number | undefined;
    }): Promise<ChunkResponse> {
      const transaction = input.transaction.toLowerCase();
      const known = await transactions.known(input.actor, transaction);
      if (known.userId !== input.actor.id) throw forbidden(PUSH_TEXTS.uploadForbidden);
      const index = known.indexes.get(input.chunk);
      const tooBig = input.contentLength !== undefined && input.contentLength > UPLOAD_CHUNK_SIZE;
      // A chunk refused for its id or length takes nothing; the permission is asked all the same, and first.
      const writes = index !== undefined && !tooBig;
      const step = await repos.quota.takeChunkBytes({
        uploadId: transaction,
        projectId: known.projectId,
        userId: input.actor.id,
        index: writes ? index : undefined,
        want: writes ? chunkWant(input.contentLength) : 0,
      });
      await assertMayStillPush({
        config,
        actor: input.actor,
        access: step,
        changes: known.changes,
        onRefused: () => transactions.clear(transaction),
      });
      if (index === undefined) throw notFound(ERROR_TEXTS.urlNotFound);
      if (tooBig) throw invalid(PUSH_TEXTS.tooBigChunk);
      const stop = transactions.heartbeat(transaction);
      let result: { written: { checksum: string; size: number; state: ChunkState }; giveBack: number };
      try {
        result = await writeChunkWithinBudget({
          repos,
          transaction,
          taken: step?.taken,
          replaced: step?.replaced ?? 0,
          contentLength: input.contentLength,
          write: (maxBytes) =>
            writeChunk(known, transaction, index, input.body, input.contentLength, maxBytes),
        });
      } catch (error) {
        if (error instanceof ChunkTooBigError) throw invalid(PUSH_TEXTS.tooBigChunk);
        // The folder may have gone with the transaction (cancelled or taken over while the bytes arrived).
        await transactions.assertNotCanceled(transaction);
        throw error;
      } finally {
        stop();
      }
      // Cancelled, taken over or finished while the bytes arrived: they belong to nobody.
      await transactions.assertNotCanceled(transaction, result.giveBack, {
        index,
        state: result.written.state,
      });
      return { checksum: result.written.checksum, size: result.written.size };
    },

    /** POST /v1/project/push/finish/{tx}: assemble and verify every file, store blobs, commit the version. */
    async finish(input: {
      actor: NonNullable<Actor>;
      transaction: string;
      client: PushClientInfo;
    }): Promise<StreamedProjectDetail> {
      return projectAfterPush(input.actor, await finish(input));
    },

    /** POST /v1/project/push/cancel/{tx}: drops the transaction and its bytes. */
    async cancel(actor: NonNullable<Actor>, transaction: string): Promise<void> {
      const upload = await transactions.requireUpload(actor, transaction);
      await transactions.clear(upload.id);
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
      for (const id of expired) await transactions.dropBytes(id);
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

export type PushService = ReturnType<typeof createPushService>;
