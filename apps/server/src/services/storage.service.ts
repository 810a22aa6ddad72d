import type { Repositories } from '../repositories/repositories.ts';
import type { Readable } from 'node:stream';
import { type BlobStore, type ByteRange, wholeFile } from '../storage/blob-store.ts';

/** How many blobs one collection transaction deletes (it holds their rows while their bytes are deleted). */
export const COLLECT_BATCH = 200;

/** The stored file bytes: reading them for downloads, collecting what no project refers to any more. */
export function createStorageService(deps: { repos: Repositories; blobs: BlobStore }) {
  const { repos, blobs } = deps;
  return {
    /** The bytes of a stored file, or of a range of them, for one HTTP response (`sendBlob`) to stream. */
    read(sha256: string, range?: ByteRange): Readable {
      return blobs.get(sha256, range, { forResponse: true });
    },

    /**
     * The whole of a stored file of `size` bytes, read as a range (no buffer larger than the file), for one HTTP
     * response to stream.
     */
    readWhole(sha256: string, size: number): Readable {
      return blobs.get(sha256, wholeFile(size), { forResponse: true });
    },

    /**
     * Deletes unreferenced blobs created before the cut-off, `COLLECT_BATCH` at a time; returns how many. The
     * bytes go inside the transaction that deletes their rows, before it commits: a push recording the same
     * content meanwhile (`touch`, before it puts the bytes in place) waits for that transaction, then finds no
     * bytes and stores its own. (Deleting the bytes after the commit let such a push keep the old bytes, which
     * were then deleted under its new version.) A failure rolls the batch back: its rows stay, some perhaps
     * without bytes, which is harmless for blobs nothing refers to (a push storing them again writes the bytes).
     */
    async collectUnreferenced(createdBefore: Date): Promise<number> {
      let collected = 0;
      for (;;) {
        const batch = await repos.transaction(async (tx) => {
          const unreferenced = await tx.blobs.deleteUnreferenced(createdBefore, COLLECT_BATCH);
          for (const sha256 of unreferenced) await blobs.delete(sha256);
          return unreferenced.length;
        });
        collected += batch;
        if (batch < COLLECT_BATCH) return collected;
      }
    },

    /** Removes the temporary files of blob writes a crash interrupted before the cut-off. */
    async removeStaleTemp(before: Date): Promise<number> {
      return blobs.removeStaleTemp(before);
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
