import { PUSH_TEXTS, UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import { invalid } from '../lib/errors.ts';
import { type DeclaredChanges, storageGrowth, uploadedBytesOf } from './push-changes.ts';

/**
 * What a push may put on disk before it commits, from its declared changes: each file's chunks must be able
 * to carry its declared bytes and no more, the chunks of the whole push may hold at most the declared bytes
 * (`declaredUploadBytes`, the transaction's budget), and the push holds `quotaCharge` of its workspace's storage
 * until it ends.
 */

/**
 * 400 when a file's chunk ids cannot carry its bytes (the file, or the changeset of a diff update): at least one
 * chunk per UPLOAD_CHUNK_SIZE (no chunk is bigger) and no more chunks than bytes (none empty; an empty file may
 * have one empty chunk). Any split within those bounds is accepted, as the reference accepts it.
 */
export function assertChunkCounts(changes: DeclaredChanges): void {
  for (const file of [...changes.added, ...changes.updated]) {
    const { size } = uploadedBytesOf(file);
    const count = file.chunks.length;
    if (count < Math.ceil(size / UPLOAD_CHUNK_SIZE) || count > Math.max(1, size)) {
      throw invalid(PUSH_TEXTS.chunkCount(file.path));
    }
  }
}

/** Bytes the chunks of a push carry when it is complete: its budget of chunk bytes. */
export function declaredUploadBytes(changes: DeclaredChanges): number {
  return [...changes.added, ...changes.updated].reduce((sum, file) => sum + uploadedBytesOf(file).size, 0);
}

/**
 * Storage a push takes in its workspace while it runs: the larger of what its commit adds (sizes declared less
 * the sizes replaced or removed) and what its chunks hold beyond the sizes it replaces (a diff update's changeset
 * counts, whatever final size it declares). Zero or less: the push frees space, and is never refused for it.
 */
export function quotaCharge(changes: DeclaredChanges, current: Map<string, { size: number }>): number {
  const replaced = [...changes.updated, ...changes.removed].reduce(
    (sum, file) => sum + (current.get(file.path)?.size ?? 0),
    0,
  );
  return Math.max(storageGrowth(changes, current), declaredUploadBytes(changes) - replaced);
}
