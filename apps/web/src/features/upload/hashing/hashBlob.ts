import { CHECKSUM_SLICE_SIZE, UPLOAD_CHUNK_SIZE } from '@waymark/contract';

/** The part of an incremental hasher (hash-wasm's IHasher) that hashing a file needs. */
export interface IncrementalHasher {
  init(): unknown;
  update(data: Uint8Array): unknown;
  digest(outputType: 'hex'): string;
}

export interface FileHashes {
  /** SHA-1 of the whole file, hex: the API's checksum. */
  checksum: string;
  /** SHA-1 of each upload chunk, hex, in order; none for an empty file. */
  chunkChecksums: string[];
}

export interface HashBlobOptions {
  sliceSize?: number;
  chunkSize?: number;
  /** Asked between slices; hashing stops with an AbortError once it answers true. */
  isCancelled?: () => boolean;
}

/**
 * Hashes a file by reading it in slices (SPEC §9: 256 KiB), never whole: one hasher takes every slice
 * for the file's checksum, the other restarts at each chunk boundary for the chunks' checksums.
 */
export async function hashBlob(
  blob: Blob,
  fileHasher: IncrementalHasher,
  chunkHasher: IncrementalHasher,
  { sliceSize = CHECKSUM_SLICE_SIZE, chunkSize = UPLOAD_CHUNK_SIZE, isCancelled }: HashBlobOptions = {},
): Promise<FileHashes> {
  if (chunkSize % sliceSize !== 0) throw new Error('The chunk size must be a multiple of the slice size');
  fileHasher.init();
  chunkHasher.init();
  const chunkChecksums: string[] = [];
  for (let offset = 0; offset < blob.size; offset += sliceSize) {
    if (isCancelled?.()) throw new DOMException('Hashing was cancelled', 'AbortError');
    const slice = new Uint8Array(await blob.slice(offset, offset + sliceSize).arrayBuffer());
    fileHasher.update(slice);
    chunkHasher.update(slice);
    const end = offset + slice.byteLength;
    if (end % chunkSize === 0 || end >= blob.size) {
      chunkChecksums.push(chunkHasher.digest('hex'));
      chunkHasher.init();
    }
  }
  return { checksum: fileHasher.digest('hex'), chunkChecksums };
}
