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

/** How a file is read and cut: SPEC §9's 256 KiB slices and 10 MiB upload chunks (the page passes them in). */
export interface HashSizes {
  sliceSize: number;
  chunkSize: number;
}

export interface HashBlobOptions extends HashSizes {
  /** Asked between slices; hashing stops with an AbortError once it answers true. */
  isCancelled?: () => boolean;
}

/**
 * Hashes a file by reading it in slices, never whole (no import of the contract here: it would bring zod
 * into the worker's bundle): one hasher takes every slice
 * for the file's checksum, the other restarts at each chunk boundary for the chunks' checksums.
 */
export async function hashBlob(
  blob: Blob,
  fileHasher: IncrementalHasher,
  chunkHasher: IncrementalHasher,
  { sliceSize, chunkSize, isCancelled }: HashBlobOptions,
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
