import type { FileHashes, HashSizes } from './hashBlob.ts';

/** Messages from the page to the hashing worker. */
export type HashWorkerRequest =
  { type: 'hash'; id: number; file: Blob; sizes: HashSizes } | { type: 'cancel'; id: number };

/** Answers of the hashing worker, one per `hash` request. */
export type HashWorkerResponse =
  { id: number; hashes: FileHashes } | { id: number; error: string; isCancelled: boolean };
