import { ERROR_TEXTS, PUSH_TEXTS } from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { forbidden, invalid, notFound } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { UUID_PATTERN } from '../lib/uuid.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { chunkLayout, type Placement } from '../push/chunk-layout.ts';
import type { DeclaredChanges } from '../push/push-changes.ts';
import { createRunningHashes } from '../push/running-hashes.ts';
import type { ChunkState, UploadArea } from '../push/upload-area.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UploadRow } from '../repositories/upload.repository.ts';

/** What the push transaction row keeps: the validated changes and the chunk ids (their index names the file). */
export type StoredChanges = DeclaredChanges & { chunkIds: string[] };

export const storedChanges = (upload: UploadRow) => upload.changes as StoredChanges;

/** What a chunk request needs of its transaction, kept between its chunks. */
export type KnownTransaction = {
  userId: number;
  projectId: string;
  changes: StoredChanges;
  indexes: Map<string, number>;
  /** The place of each chunk written into its file (`chunkLayout`). */
  layout: Map<number, Placement>;
  /**
   * Files (by position among added then updated) whose SHA-1 and size a stored blob has, with its SHA-256: their
   * chunks are compared with that blob as they arrive, not written.
   */
  heldFiles: Map<number, string>;
};

const CHUNK_CACHE_SIZE = 64;

/**
 * The open push transactions of this process: each is an `uploads` row (the project's push lock) and a folder of
 * chunk bytes in the upload area. Finds, keeps alive, takes over and drops them, for the start, chunk and finish
 * steps alike.
 */
export function createPushTransactions(deps: {
  config: AppConfig;
  repos: Repositories;
  uploadArea: UploadArea;
  log: Logger;
}) {
  const { config, repos, uploadArea, log } = deps;
  /**
   * Chunk ids → index and owner of recent transactions, so a chunk request does not load and parse the whole
   * declared change list again: a transaction's row never changes after its start except for `last_ping`.
   * Whether it still exists is checked by the touch after each chunk.
   */
  const chunkIndexCache = new Map<string, KnownTransaction>();
  /** The digests of the files whose chunks are written into them, computed as the chunks arrive. */
  const hashes = createRunningHashes((transaction, file, chunk) =>
    uploadArea.readPlaced(transaction, file, chunk.offset, chunk.size),
  );

  /** The caller's own live transaction (404 when unknown or its project is gone, 403 for another user's). */
  async function requireUpload(actor: NonNullable<Actor>, transaction: string): Promise<UploadRow> {
    if (!UUID_PATTERN.test(transaction)) throw notFound(ERROR_TEXTS.urlNotFound);
    const found = await repos.uploads.findById(transaction.toLowerCase());
    if (!found || found.projectRemoved) throw notFound(ERROR_TEXTS.urlNotFound);
    if (found.upload.userId !== actor.id) throw forbidden(PUSH_TEXTS.uploadForbidden);
    return found.upload;
  }

  /** Forgets a transaction's bytes once its row is gone: nobody can use them any more. */
  async function dropBytes(transaction: string): Promise<void> {
    chunkIndexCache.delete(transaction);
    hashes.forget(transaction);
    await uploadArea.remove(transaction);
  }

  return {
    requireUpload,
    dropBytes,
    hashes,

    /** The transaction of a chunk request (lower-case id), from the cache or its row. */
    async known(actor: NonNullable<Actor>, transaction: string): Promise<KnownTransaction> {
      const cached = chunkIndexCache.get(transaction);
      if (cached) return cached;
      const upload = await requireUpload(actor, transaction);
      const changes = storedChanges(upload);
      const files = [...changes.added, ...changes.updated];
      const held = await repos.blobs.findBySha1(
        files.filter((file) => !file.diff).map((file) => ({ sha1: file.checksum, size: file.size })),
      );
      const known = {
        userId: upload.userId,
        projectId: upload.projectId,
        changes,
        indexes: new Map(changes.chunkIds.map((id, index) => [id, index])),
        layout: chunkLayout(changes, changes.chunkIds),
        heldFiles: new Map(
          [...files.entries()].flatMap(([index, file]) => {
            const sha256 = file.diff ? undefined : held.get(`${file.checksum} ${file.size}`);
            return sha256 === undefined ? [] : [[index, sha256] as const];
          }),
        ),
      };
      if (chunkIndexCache.size >= CHUNK_CACHE_SIZE) {
        chunkIndexCache.delete(chunkIndexCache.keys().next().value ?? '');
      }
      chunkIndexCache.set(transaction, known);
      return known;
    },

    /** Keeps a transaction alive (no takeover) while a long operation runs; returns the stop function. */
    heartbeat(transaction: string): () => void {
      const everyMs = Math.min(30_000, (config.pushTakeoverSeconds * 1000) / 3);
      const timer = setInterval(() => {
        repos.uploads
          .touch(transaction)
          .catch((error: unknown) => log.warn({ err: error }, 'heartbeat failed'));
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    /** Takes the project's push lock inside a transaction; a stale holder is replaced. Returns its id, if any. */
    async takeLock(tx: Repositories, projectId: string): Promise<string | undefined> {
      const holder = await tx.uploads.findByProjectForUpdate(projectId);
      if (!holder) return undefined;
      if (!(await tx.uploads.isIdleSince(holder.id, config.pushTakeoverSeconds))) {
        throw invalid(PUSH_TEXTS.anotherProcess);
      }
      await tx.uploads.delete(holder.id);
      chunkIndexCache.delete(holder.id);
      hashes.forget(holder.id);
      log.info({ project: projectId, transaction: holder.id }, 'stale push taken over');
      return holder.id;
    },

    /**
     * After a step failed, or before one that needs the transaction: when it is gone meanwhile (a cancel, or a
     * finish of another process, removed its row and bytes), that is the cause, and the answer is 400 'Upload was
     * probably canceled' (the reference's), not the missing files. Otherwise returns, and keeps it alive (giving
     * `giveBack` bytes back to its budget, and recording the chunk `written`).
     */
    async assertNotCanceled(
      transaction: string,
      giveBack = 0,
      written?: { index: number; state: ChunkState },
    ): Promise<void> {
      if (await repos.uploads.touch(transaction, giveBack, written)) return;
      await dropBytes(transaction);
      throw invalid(PUSH_TEXTS.uploadCanceled);
    },

    /** Drops a transaction: its row (the lock) first, then its bytes. */
    async clear(transaction: string): Promise<void> {
      chunkIndexCache.delete(transaction);
      hashes.forget(transaction);
      await repos.uploads.delete(transaction);
      await uploadArea.remove(transaction);
    },
  };
}

export type PushTransactions = ReturnType<typeof createPushTransactions>;
