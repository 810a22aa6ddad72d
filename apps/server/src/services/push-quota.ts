import { MAX_PENDING_CHUNKS_PER_PROJECT, PUSH_TEXTS, UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import { invalid, limitHit } from '../lib/errors.ts';
import { ChunkTooBigError } from '../push/receive-body.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { PushAccess } from './push-guard.ts';

/**
 * Workspace storage quotas that hold while pushes run at the same time (reference §3 step 2, and beyond it):
 * every decision takes the workspace's quota lock inside the caller's transaction, so the starts, commits and v2
 * chunks of one workspace decide one after another. A push start reserves its charge (`quotaCharge`) next to the
 * committed usage and the bytes other pushes hold; a commit checks the usage again with the sizes it really
 * writes (rebuilt diff updates included); a v2 chunk counts with the chunks waiting for a push; a v1 chunk takes
 * its bytes from its transaction's budget (the declared bytes).
 */

const storageLimitHit = (usage: number, storage: number) =>
  limitHit(PUSH_TEXTS.storageLimit, {
    code: 'StorageLimitHit',
    extra: { current_usage: usage, storage_limit: storage },
  });

/**
 * At a push's start, in the transaction that takes its project's lock: 422 StorageLimitHit when the committed
 * usage, the bytes other projects' pushes hold and this push's charge go beyond the storage. A charge of zero or
 * less (the push frees space) always passes.
 */
export async function reserveAtStart(tx: Repositories, projectId: string, charge: number): Promise<void> {
  const workspace = await tx.quota.lockWorkspaceOf(projectId);
  if (!workspace || charge <= 0) return;
  const usage =
    (await tx.quota.committedUsage(workspace.workspaceId)) +
    (await tx.quota.pendingBytes(workspace.workspaceId, projectId));
  if (usage + charge > workspace.storage) throw storageLimitHit(usage, workspace.storage);
}

export type CommitQuota = { workspaceId: number; storage: number; usageBefore: number } | undefined;

/** Before a version's rows are written (in its transaction): the quota lock and the usage before the commit. */
export async function beginCommit(tx: Repositories, projectId: string): Promise<CommitQuota> {
  const workspace = await tx.quota.lockWorkspaceOf(projectId);
  if (!workspace) return undefined;
  const usageBefore = await tx.quota.committedUsage(workspace.workspaceId);
  return { workspaceId: workspace.workspaceId, storage: workspace.storage, usageBefore };
}

/**
 * After they are written, before the commit: 422 StorageLimitHit (the transaction then rolls back) when the
 * version made the usage grow beyond the storage, with the sizes the server stored (not the declared ones).
 */
export async function endCommit(tx: Repositories, before: CommitQuota): Promise<void> {
  if (!before) return;
  const after = await tx.quota.committedUsage(before.workspaceId);
  if (after > before.usageBefore && after > before.storage) {
    throw storageLimitHit(before.usageBefore, before.storage);
  }
}

/**
 * Records a v2 chunk about to be written at the most it may take (`want`), when its workspace has room: the
 * committed usage less the project's own size (the chunks may replace its files), plus every byte pushes of the
 * workspace hold, plus `want`, within the storage; and the project has fewer chunks waiting than one push may use.
 * Two statements in a transaction: the quota lock, which also reads what the permission is decided on (`allow`
 * throws to refuse, and nothing is recorded), then the decision and the record (`quota.reserveChunk`).
 */
export async function reserveV2Chunk(
  repos: Repositories,
  chunk: { id: string; projectId: string; userId: number; want: number },
  allow: (access: PushAccess) => void,
): Promise<void> {
  await repos.transaction(async (tx) => {
    const workspace = await tx.quota.lockWorkspaceOf(chunk.projectId, chunk.userId);
    allow(workspace);
    if (!workspace) return;
    const decided = await tx.quota.reserveChunk({
      id: chunk.id,
      projectId: chunk.projectId,
      userId: chunk.userId,
      size: chunk.want,
      workspaceId: workspace.workspaceId,
      storage: workspace.storage,
      projectSize: workspace.projectSize,
      maxChunks: MAX_PENDING_CHUNKS_PER_PROJECT,
    });
    if (decided.recorded) return;
    if (decided.chunks >= MAX_PENDING_CHUNKS_PER_PROJECT) throw limitHit(PUSH_TEXTS.tooManyPendingChunks);
    throw storageLimitHit(decided.usage, workspace.storage);
  });
}

/**
 * Writes one v1 chunk with the bytes taken from its transaction's budget for it (`quota.takeChunkBytes`, with the
 * chunk's declared length, or the chunk size when none: a chunk sent again gets back the bytes of the one it
 * replaces): 400 before reading when the declared length does not fit, or as soon as the body goes beyond it.
 * Answers what was written and the bytes to give back to the budget (`uploads.touch` after the chunk), which keeps
 * only the bytes written.
 */
export async function writeChunkWithinBudget<Written extends { size: number }>(input: {
  repos: Repositories;
  transaction: string;
  /** Bytes taken for the chunk (undefined: the transaction is gone). */
  taken: number | undefined;
  /** The size of the chunk it replaces (0 when none). */
  replaced: number;
  contentLength: number | undefined;
  /** Writes the chunk's bytes, at most `maxBytes` (ChunkTooBigError beyond). */
  write: (maxBytes: number) => Promise<Written>;
}): Promise<{ written: Written; giveBack: number }> {
  const { repos, transaction, taken } = input;
  if (taken === undefined) throw invalid(PUSH_TEXTS.uploadCanceled);
  if (input.contentLength !== undefined && taken < input.contentLength) {
    await repos.quota.giveBackBytes(transaction, taken);
    throw invalid(PUSH_TEXTS.beyondDeclaredSize);
  }
  let written: Written;
  try {
    written = await input.write(taken);
  } catch (error) {
    await repos.quota.giveBackBytes(transaction, taken);
    if (error instanceof ChunkTooBigError && taken < UPLOAD_CHUNK_SIZE) {
      throw invalid(PUSH_TEXTS.beyondDeclaredSize);
    }
    throw error;
  }
  // The budget keeps the bytes written; those of the chunk replaced are free again.
  return { written, giveBack: taken - written.size + input.replaced };
}

/** The bytes a v1 chunk asks of its transaction's budget: its declared length, at most the chunk size. */
export const chunkWant = (contentLength: number | undefined): number =>
  Math.min(contentLength ?? UPLOAD_CHUNK_SIZE, UPLOAD_CHUNK_SIZE);
