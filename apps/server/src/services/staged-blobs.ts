import { mapPool } from '../lib/map-pool.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { BlobStore, StagedBlob } from '../storage/blob-store.ts';

/**
 * The one owner of the blobs a finish stages (its files, their changesets, the files rebuilt from them): each is
 * held from the moment it exists. `store` gives them all their real names; `discard` drops whatever was not
 * stored and runs on every way out of the finish, so no failure path can forget one.
 */
export function createStagedBlobs(deps: {
  blobs: BlobStore;
  repos: Repositories;
  /** Blobs named at the same time. */
  concurrency: number;
  /** Told after each blob got its name (the crash test's point). */
  onStored?: () => void;
}) {
  const { blobs, repos, concurrency, onStored } = deps;
  /** Each blob held, with its SHA-1 once verified (recorded with its row). */
  const held = new Map<StagedBlob, string | undefined>();

  return {
    /** Takes a freshly staged blob over (with its SHA-1 when verified); answers it. */
    hold<T extends StagedBlob>(blob: T, sha1?: string): T {
      held.set(blob, sha1);
      return blob;
    },

    /** Records the SHA-1 of a held blob, once verified. */
    verified(blob: StagedBlob, sha1: string): void {
      if (held.has(blob)) held.set(blob, sha1);
    },

    /**
     * Gives every held blob its real name: their rows first, all in one statement (bytes never exist without a
     * row that can collect them), then the renames, then one flush per folder so the names survive a power cut.
     */
    async store(): Promise<void> {
      const all = [...held.keys()];
      await repos.blobs.touchMany(
        [...held].map(([blob, sha1]) => ({ sha256: blob.sha256, size: blob.size, sha1 })),
      );
      const folders: string[] = [];
      await mapPool(all, concurrency, async (blob) => {
        folders.push(...(await blob.store()));
        held.delete(blob);
        onStored?.();
      });
      await blobs.flushFolders(folders);
    },

    /** Drops every blob not stored (idempotent). */
    async discard(): Promise<void> {
      const left = [...held.keys()];
      held.clear();
      await Promise.all(left.map((blob) => blob.discard()));
    },
  };
}

export type StagedBlobs = ReturnType<typeof createStagedBlobs>;
