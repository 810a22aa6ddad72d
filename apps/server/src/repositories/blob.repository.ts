import { and, eq, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blobs, fileHistory, projectFiles } from '../db/schema.ts';
import { batches } from './batches.ts';

/** All SQL about stored blobs. */
export function createBlobRepository(db: Db) {
  return {
    /**
     * Records a blob before its bytes are put in place, or refreshes the row's age when it exists: the
     * collector then leaves it alone for its grace period, and bytes never exist without a row that can
     * collect them (an interrupted push leaves rows the collector removes later, bytes and all).
     */
    async touch(sha256: string, size: number): Promise<void> {
      await db
        .insert(blobs)
        .values({ sha256, size })
        .onConflictDoUpdate({ target: blobs.sha256, set: { createdAt: sql`now()` } });
    },

    /**
     * `touch` for many blobs in one statement (a push records all its new blobs at once), with the SHA-1 of those
     * whose bytes the server verified.
     */
    async touchMany(refs: Array<{ sha256: string; size: number; sha1?: string | undefined }>): Promise<void> {
      const unique = [...new Map(refs.map((ref) => [ref.sha256, ref])).values()];
      // Rows per statement well below PostgreSQL's 65 535 parameters.
      for (let i = 0; i < unique.length; i += 1000) {
        await db
          .insert(blobs)
          .values(
            unique.slice(i, i + 1000).map(({ sha256, size, sha1 }) => ({ sha256, size, sha1: sha1 ?? null })),
          )
          .onConflictDoUpdate({
            target: blobs.sha256,
            set: { createdAt: sql`now()`, sha1: sql`coalesce(${blobs.sha1}, excluded.sha1)` },
          });
      }
    },

    /**
     * The blobs recorded with these SHA-1s and sizes, by `<sha1> <size>`: the bytes the server may already hold
     * (the caller verifies the SHA-256 of what it received before it relies on one).
     */
    async findBySha1(files: Array<{ sha1: string; size: number }>): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const wanted = new Set(files.map((file) => `${file.sha1} ${file.size}`));
      for (const batch of batches([...new Set(files.map((file) => file.sha1))], 1000)) {
        const rows = await db
          .select({ sha256: blobs.sha256, sha1: blobs.sha1, size: blobs.size })
          .from(blobs)
          .where(inArray(blobs.sha1, batch));
        for (const row of rows) {
          const key = `${row.sha1} ${row.size}`;
          if (wanted.has(key)) found.set(key, row.sha256);
        }
      }
      return found;
    },

    /**
     * Deletes the rows of at most `limit` blobs no file refers to any more and that are older than the cut-off (a
     * fresh blob may belong to an upload not yet committed); returns their hashes so the bytes can go too. Rows
     * another transaction holds (a push recording the same content) are skipped, not waited for.
     */
    async deleteUnreferenced(createdBefore: Date, limit: number): Promise<string[]> {
      const collectable = db
        .select({ sha256: blobs.sha256 })
        .from(blobs)
        .where(
          and(
            lt(blobs.createdAt, createdBefore),
            notExists(
              db
                .select({ id: fileHistory.id })
                .from(fileHistory)
                .where(
                  or(
                    eq(fileHistory.blobSha256, blobs.sha256),
                    eq(fileHistory.diffBlobSha256, blobs.sha256),
                    eq(fileHistory.changesetBlobSha256, blobs.sha256),
                  ),
                ),
            ),
            notExists(
              db
                .select({ path: projectFiles.path })
                .from(projectFiles)
                .where(eq(projectFiles.blobSha256, blobs.sha256)),
            ),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(blobs)
        .where(inArray(blobs.sha256, collectable))
        .returning({ sha256: blobs.sha256 });
      return rows.map((row) => row.sha256);
    },
  };
}

export type BlobRepository = ReturnType<typeof createBlobRepository>;
