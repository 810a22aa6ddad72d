import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** The name of a transaction's folder (its id); any other name under the root is a stray. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The names of a push transaction's bytes on disk, under `<root>/<transaction>/`: `<chunk index>` a chunk stored
 * whole; `file-<n>` the file that chunks with a place in it (`chunkLayout`) are written into at their offsets,
 * which finish turns into the blob by a rename (no second copy). Which chunks are present, and how, the database
 * says (`upload_chunks`). A transaction id must be a UUID (anything else throws).
 */
export function createUploadFolder(root: string) {
  const folderOf = (transaction: string) => {
    if (!UUID_PATTERN.test(transaction)) throw new Error(`not a transaction id: ${transaction}`);
    return path.join(root, transaction);
  };
  /** Transaction folders made by this process: a chunk request then skips the `mkdir`. */
  const madeFolders = new Set<string>();
  return {
    folderOf,
    chunkPath: (transaction: string, index: number) => path.join(folderOf(transaction), String(index)),
    /** The file the placed chunks of a transaction's file are written into. */
    placedPath: (transaction: string, file: number) => path.join(folderOf(transaction), `file-${file}`),
    async ensureFolder(folder: string): Promise<void> {
      if (madeFolders.has(folder)) return;
      await mkdir(folder, { recursive: true });
      if (madeFolders.size >= 1024) madeFolders.clear();
      madeFolders.add(folder);
    },
    /** Forgets a folder made (before it is removed), so the next chunk request makes it again. */
    forget(folder: string): void {
      madeFolders.delete(folder);
    },
  };
}

export type UploadFolder = ReturnType<typeof createUploadFolder>;

/**
 * The entries under `root` with their last change, for the cleanup jobs: `isTransaction` for a UUID (a
 * transaction's folder, or a v2 chunk), stray names included as-is.
 */
export async function listEntries(
  root: string,
): Promise<Array<{ name: string; isTransaction: boolean; modified: Date }>> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  const out = [];
  for (const name of names) {
    try {
      const info = await stat(path.join(root, name));
      out.push({ name, isTransaction: UUID_PATTERN.test(name), modified: info.mtime });
    } catch {
      // removed meanwhile
    }
  }
  return out;
}

/** Removes any entry under `root` by name, file or folder (the cleanup jobs' expired and stray entries). */
export async function removeEntry(root: string, name: string): Promise<void> {
  if (name.includes('/') || name === '..' || name === '.') return;
  await rm(path.join(root, name), { recursive: true, force: true });
}
