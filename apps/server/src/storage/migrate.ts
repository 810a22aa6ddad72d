import { createHash } from 'node:crypto';
import { mapPool } from '../lib/map-pool.ts';
import type { Clock } from '../lib/ttl-cache.ts';
import type { BlobRef, BlobStore } from './blob-store.ts';
import type { S3BlobStore } from './s3-blob-store.ts';

export type MigrationSummary = {
  /** Blobs in the local folder when the migration started. */
  total: number;
  totalBytes: number;
  copied: number;
  copiedBytes: number;
  /** Already in S3 with the right size (and, with `verifyExisting`, the right hash). */
  present: number;
  /** Removed from the local folder while the migration ran (collected by housekeeping). */
  vanished: number;
  /** Each failed blob and why; a later run tries them again. */
  failed: Array<{ sha256: string; reason: string }>;
};

export type MigrationEvent =
  | { kind: 'started'; total: number; totalBytes: number }
  | { kind: 'progress'; summary: MigrationSummary }
  | { kind: 'failed'; sha256: string; reason: string };

/** Progress is reported after this many blobs, and at least this often while blobs are being worked on. */
const PROGRESS_EVERY_BLOBS = 100;
export const PROGRESS_EVERY_MS = 5_000;

async function sha256Of(stream: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of stream) {
    hash.update(piece);
    size += piece.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Copies every blob of the local folder to S3 (`npm run cli -- storage migrate`). Resumable: a blob S3 already
 * holds with the same size is skipped (S3 shows an object only once it is complete, under the name of its
 * hash), or with `verifyExisting` read back and hashed first. Each copy is verified twice: the local bytes
 * must hash to their name before they go up, and the object is read back from S3 and must hash to it too; an
 * object that does not is deleted and reported. The local folder is never changed, so the server may keep
 * running on it meanwhile (see docs/OPERATIONS.md for the whole move).
 */
export async function migrateBlobs(input: {
  source: BlobStore;
  target: S3BlobStore;
  verifyExisting?: boolean;
  concurrency?: number;
  onEvent?: (event: MigrationEvent) => void;
  /** When progress is due (`performance` by default; tests pass one they move). */
  clock?: Clock | undefined;
}): Promise<MigrationSummary> {
  const { source, target } = input;
  const emit = input.onEvent ?? (() => undefined);
  const blobs: BlobRef[] = [];
  for await (const ref of source.list()) blobs.push(ref);
  const summary: MigrationSummary = {
    total: blobs.length,
    totalBytes: blobs.reduce((sum, ref) => sum + ref.size, 0),
    copied: 0,
    copiedBytes: 0,
    present: 0,
    vanished: 0,
    failed: [],
  };
  emit({ kind: 'started', total: summary.total, totalBytes: summary.totalBytes });

  const clock = input.clock ?? performance;
  let done = 0;
  let reportedAt = clock.now();
  // Not after the last blob: the caller reports the summary then.
  const progress = () => {
    done += 1;
    if (done === summary.total) return;
    if (done % PROGRESS_EVERY_BLOBS === 0 || clock.now() - reportedAt >= PROGRESS_EVERY_MS) {
      reportedAt = clock.now();
      emit({ kind: 'progress', summary });
    }
  };

  /** Whether S3 holds exactly these bytes under the blob's name. */
  const holds = async (ref: BlobRef) => {
    const read = await sha256Of(target.get(ref.sha256) as AsyncIterable<Buffer>);
    return read.sha256 === ref.sha256 && read.size === ref.size;
  };

  async function copy(ref: BlobRef): Promise<void> {
    const present = await target.sizeOf(ref.sha256);
    if (present === ref.size && (!input.verifyExisting || (await holds(ref)))) {
      summary.present += 1;
      return;
    }
    if (!(await source.has(ref.sha256))) {
      summary.vanished += 1;
      return;
    }
    const local = await source.localFile(ref.sha256);
    try {
      // A second name of the local file in the staging folder (a copy across devices), hashed on the way.
      const staged = await target.stageLinkOf(local.path);
      if (staged.sha256 !== ref.sha256) {
        await staged.discard();
        throw new Error(`the local file hashes to ${staged.sha256}: it is damaged, not copied`);
      }
      await staged.store();
    } finally {
      await local.release();
    }
    if (!(await holds(ref))) {
      await target.delete(ref.sha256);
      throw new Error('S3 answered other bytes when read back: deleted there, not copied');
    }
    summary.copied += 1;
    summary.copiedBytes += ref.size;
  }

  await mapPool(blobs, input.concurrency ?? 4, async (ref) => {
    try {
      await copy(ref);
    } catch (error) {
      if (!(await source.has(ref.sha256))) {
        summary.vanished += 1;
      } else {
        const reason = (error as Error).message || String(error);
        summary.failed.push({ sha256: ref.sha256, reason });
        emit({ kind: 'failed', sha256: ref.sha256, reason });
      }
    }
    progress();
  });
  return summary;
}
