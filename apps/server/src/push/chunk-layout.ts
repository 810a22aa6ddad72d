import { UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import { type DeclaredChanges, uploadedBytesOf } from './push-changes.ts';

/** Where a v1 chunk's bytes go in its file: the file (its position among added then updated), offset and size. */
export type Placement = { file: number; chunk: number; offset: number; size: number };

/**
 * The place of each chunk (by its index in `chunkIds`) inside the file it belongs to, for the files cut the way
 * the clients cut them (every chunk but the last `UPLOAD_CHUNK_SIZE` bytes): their chunks are written straight into
 * one file at their offset, which becomes the blob. Files cut otherwise, and chunks shared by two files or named
 * twice, and changesets have no place: their chunks are stored one by one and assembled at finish.
 */
export function chunkLayout(changes: DeclaredChanges, chunkIds: string[]): Map<number, Placement> {
  const indexOf = new Map(chunkIds.map((id, index) => [id, index]));
  const files = [...changes.added, ...changes.updated];
  const uses = new Map<string, number>();
  for (const file of files) for (const id of file.chunks) uses.set(id, (uses.get(id) ?? 0) + 1);
  const layout = new Map<number, Placement>();
  for (const [fileIndex, file] of files.entries()) {
    // A changeset is no blob a finish retried after a crash could find again by its row (a whole file is): its
    // chunks stay where they are until the commit.
    if (file.diff) continue;
    const size = uploadedBytesOf(file).size;
    const count = file.chunks.length;
    const last = size - (count - 1) * UPLOAD_CHUNK_SIZE;
    if (count === 0 || last <= 0 || last > UPLOAD_CHUNK_SIZE) continue;
    if (file.chunks.some((id) => uses.get(id) !== 1 || !indexOf.has(id))) continue;
    for (const [chunk, id] of file.chunks.entries()) {
      layout.set(indexOf.get(id) ?? -1, {
        file: fileIndex,
        chunk,
        offset: chunk * UPLOAD_CHUNK_SIZE,
        size: chunk === count - 1 ? last : UPLOAD_CHUNK_SIZE,
      });
    }
  }
  return layout;
}
