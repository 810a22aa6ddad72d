import { createHash } from 'node:crypto';
import { rename, stat } from 'node:fs/promises';
import { removeFile } from '../lib/remove-file.ts';
import { UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import type { Placement } from '../push/chunk-layout.ts';
import { type DeclaredFile, uploadedBytesOf } from '../push/push-changes.ts';
import type { ChunkState, UploadArea } from '../push/upload-area.ts';
import type { UploadRow } from '../repositories/upload.repository.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';
import { readThrough } from '../storage/reused-reads.ts';
import type { PushTransactions } from './push-transactions.ts';
import type { StagedBlobs } from './staged-blobs.ts';

/** A file whose chunks are missing or are not the declared bytes (size, SHA-1): its path is the message. */
export class CorruptedFile extends Error {}

/**
 * The assembly of one file of a finish (`push-assembly.ts` assembles all of them) into a staged blob,
 * verified against its declared size and SHA-1; a mismatch throws `CorruptedFile`.
 */
export function createFileAssembly(deps: {
  blobs: BlobStore;
  uploadArea: UploadArea;
  transactions: PushTransactions;
}) {
  const { blobs, uploadArea, transactions } = deps;

  /**
   * A file whose bytes the store already holds (the same SHA-256): nothing is written or flushed. Its row is
   * refreshed with the others before `store`, which then finds the bytes (a collection of them waits for no one
   * but deletes them before its rows' commit, so bytes still there after the refresh stay); when they went
   * meanwhile, `store` writes them again from the chunks (`rewrite`). It has no temporary file (`path` is empty);
   * `discard` drops a copy of the bytes the caller made, once stored or not used.
   */
  function heldBlob(
    sha256: string,
    size: number,
    rewrite: () => Promise<StagedBlob>,
    discard: () => Promise<void> = async () => undefined,
  ): StagedBlob {
    return {
      sha256,
      size,
      path: '',
      async store() {
        if (await blobs.has(sha256)) {
          // Its own copy of the bytes, if any, is not needed.
          await discard();
          return [];
        }
        const again = await rewrite();
        if (again.sha256 !== sha256) {
          await again.discard();
          throw new Error(`the chunks of blob ${sha256} changed during the finish`);
        }
        return again.store();
      },
      discard,
    };
  }

  /**
   * A file whose chunks were all written into it at their places (`tokens`: the writes their records named when
   * finish began, by position): moved into the store's temporary folder, its digests finished (those computed as
   * the chunks arrived, for the chunks still the writes they hashed, and the rest read back once), verified, and
   * flushed once; nothing is copied. The caller reads its chunks' records again once every file is hashed: a write
   * meanwhile makes the file corrupted. Answers undefined, the file left in place, where it cannot be moved
   * (another file system).
   */
  async function assemblePlaced(
    upload: UploadRow,
    file: DeclaredFile,
    fileIndex: number,
    tokens: string[],
    staged: StagedBlobs,
    heldSha256: string | undefined,
  ): Promise<StagedBlob | undefined> {
    const expected = uploadedBytesOf(file);
    const running = await transactions.hashes.take(upload.id, fileIndex, tokens);
    const placed = uploadArea.placedPath(upload.id, fileIndex);
    // A name of its own: a finish retried after a crash finds the file there, if not in its place.
    const name = `${upload.id}-${fileIndex}`;
    let moved: string | undefined;
    try {
      moved = await blobs.adopt(placed, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      moved = await blobs.tempPath(name);
      if (
        !(await stat(moved).then(
          () => true,
          () => false,
        ))
      ) {
        // Already stored by a finish that crashed before its commit: its row says its SHA-1 was verified.
        if (heldSha256 !== undefined && (await blobs.has(heldSha256))) {
          return staged.hold(
            heldBlob(heldSha256, expected.size, () => Promise.reject(new CorruptedFile(file.path))),
            expected.checksum,
          );
        }
        throw new CorruptedFile(file.path);
      }
    }
    if (moved === undefined) return undefined;
    // Not used after all (a failure of this finish): the file goes back to its place, for a retry to find.
    const giveBack = () => rename(moved, placed).catch(() => removeFile(moved));
    let blob: StagedBlob | undefined;
    try {
      const size = (await stat(moved)).size;
      if (size !== expected.size) throw new CorruptedFile(file.path);
      const from = running.from * UPLOAD_CHUNK_SIZE;
      for await (const piece of readThrough(moved, from, size - from)) {
        running.sha1.update(piece);
        running.sha256.update(piece);
      }
      if (running.sha1.digest('hex') !== expected.checksum) throw new CorruptedFile(file.path);
      const sha256 = running.sha256.digest('hex');
      if (sha256 === heldSha256) {
        // Bytes the store holds: neither flushed nor stored, unless they went meanwhile.
        blob = heldBlob(sha256, size, () => blobs.stageHashed(moved, sha256, size), giveBack);
      } else {
        blob = { ...(await blobs.stageHashed(moved, sha256, size)), discard: giveBack };
      }
      return staged.hold(blob, expected.checksum);
    } finally {
      if (blob === undefined) await giveBack();
    }
  }

  /**
   * Assembles one file (or the changeset of a diff update) from its chunks into a staged blob (hashed and flushed,
   * not yet under its real name) held by `staged`, verifying size and SHA-1; a mismatch throws `CorruptedFile`.
   * When the store may already hold the file (`heldSha256`: a blob recorded with its SHA-1 and size), the chunks
   * are only compared with it (or, where the store cannot read it locally, hashed: SHA-1 and SHA-256), nothing
   * written, and, if they are that blob, nothing is stored again.
   */
  async function assemble(
    upload: UploadRow,
    file: DeclaredFile,
    chunkIndexes: number[],
    staged: StagedBlobs,
    heldSha256: string | undefined,
    where: {
      states: Map<number, ChunkState>;
      layout: Map<number, Placement>;
      blobFiles: (sha256: string) => string;
    },
    stored: boolean,
  ): Promise<StagedBlob> {
    const expected = uploadedBytesOf(file);
    const readChunks = () =>
      uploadArea.readChunks(upload.id, chunkIndexes, where.states, where.layout, where.blobFiles);
    const held = (sha256: string, size: number) =>
      staged.hold(
        heldBlob(sha256, size, () => blobs.stage(readChunks())),
        expected.checksum,
      );
    if (heldSha256 !== undefined && blobs.matches) {
      // The same bytes as the blob, compared rather than hashed: its SHA-1 (the declared one) was verified when
      // it was stored, so they need no hash either.
      if (await blobs.matches(heldSha256, expected.size, readChunks()))
        return held(heldSha256, expected.size);
      // Other bytes: hashed, verified and stored as any new file.
    } else if (heldSha256 !== undefined) {
      const sha1 = createHash('sha1');
      const sha256 = createHash('sha256');
      let size = 0;
      for await (const piece of readChunks()) {
        sha1.update(piece);
        sha256.update(piece);
        size += piece.length;
      }
      if (size !== expected.size || sha1.digest('hex') !== expected.checksum)
        throw new CorruptedFile(file.path);
      if (sha256.digest('hex') === heldSha256) return held(heldSha256, size);
      // Other bytes with the same SHA-1: stored as any new file.
    }
    const sha1 = createHash('sha1');
    const [only] = chunkIndexes;
    let blob: StagedBlob;
    if (chunkIndexes.length === 1 && only !== undefined && stored) {
      // A file of one chunk is that chunk: it becomes the blob without being written again.
      blob = await blobs.stageLinkOf(uploadArea.chunkFile(upload.id, only), (piece) => sha1.update(piece));
    } else {
      const pieces = readChunks();
      blob = await blobs.stage(
        (async function* () {
          for await (const piece of pieces) {
            sha1.update(piece);
            yield piece;
          }
        })(),
      );
    }
    staged.hold(blob);
    if (blob.size !== expected.size || sha1.digest('hex') !== expected.checksum)
      throw new CorruptedFile(file.path);
    staged.verified(blob, expected.checksum);
    return blob;
  }

  return { heldBlob, assemblePlaced, assemble };
}
