import type { Repositories } from '../repositories/repositories.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/** The stored file bytes as a whole: collecting what no project refers to any more. */
export function createStorageService(deps: { repos: Repositories; blobs: BlobStore }) {
  const { repos, blobs } = deps;
  return {
    /**
     * Deletes unreferenced blobs created before the cut-off; returns how many. Rows go before their bytes: a
     * crash in between leaves an unused file on disk, never a row pointing at missing bytes.
     */
    async collectUnreferenced(createdBefore: Date): Promise<number> {
      const unreferenced = await repos.blobs.deleteUnreferenced(createdBefore);
      for (const sha256 of unreferenced) await blobs.delete(sha256);
      return unreferenced.length;
    },

    /** Removes the temporary files of blob writes a crash interrupted before the cut-off. */
    async removeStaleTemp(before: Date): Promise<number> {
      return blobs.removeStaleTemp(before);
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
