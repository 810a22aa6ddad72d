import axios from 'axios';
import { UPLOAD_CHUNK_RETRIES } from '../../../lib/constants.ts';
import { withRetry } from '../../../lib/api/retryPolicy.ts';
import type { PushApi } from '../api/pushApi.ts';
import type { ChunkTask } from './pushPlan.ts';
import { runLimited } from './runLimited.ts';
import { tFiles } from '../../../i18n/files.ts';

class ChunkMismatchError extends Error {
  constructor() {
    super(tFiles('upload.chunkMismatch'));
  }
}

/** Whether the error only says that its request or its analysis was aborted. */
export function isAbort(error: unknown): boolean {
  return (
    axios.isCancel(error) ||
    (error instanceof DOMException && error.name === 'AbortError') ||
    (axios.isAxiosError(error) && error.code === 'ERR_CANCELED')
  );
}

/** One more try helps a dropped connection, a busy server or bytes garbled on the way; not a refusal. */
function isWorthRetrying(error: unknown): boolean {
  if (isAbort(error)) return false;
  if (error instanceof ChunkMismatchError) return true;
  if (!axios.isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

export interface SendChunksOptions {
  api: PushApi;
  transaction: string;
  chunks: readonly ChunkTask[];
  parallelChunks: number;
  signal: AbortSignal;
  /** More bytes of the file at `path` were sent (negative when a chunk starts over on a retry). */
  onSent: (path: string, delta: number) => void;
}

/** Sends a push's chunks, a few at a time, each retried a few times and checked against what the server got. */
export async function sendChunks(options: SendChunksOptions): Promise<void> {
  const { api, transaction, signal, onSent } = options;
  const sentByChunk = new Map<string, number>();
  const report = (chunk: ChunkTask, sent: number) => {
    const delta = sent - (sentByChunk.get(chunk.chunkId) ?? 0);
    if (delta === 0) return;
    sentByChunk.set(chunk.chunkId, sent);
    onSent(chunk.path, delta);
  };
  const sendOnce = async (chunk: ChunkTask) => {
    report(chunk, 0);
    const received = await api.uploadChunk(transaction, chunk.chunkId, chunk.blob, {
      signal,
      onProgress: (loaded) => report(chunk, Math.min(loaded, chunk.size)),
    });
    if (received.size !== chunk.size || (chunk.checksum && received.checksum !== chunk.checksum)) {
      throw new ChunkMismatchError();
    }
    report(chunk, chunk.size);
  };
  await runLimited(options.chunks, options.parallelChunks, (chunk) =>
    withRetry(() => sendOnce(chunk), { retries: UPLOAD_CHUNK_RETRIES, shouldRetry: isWorthRetrying }),
  );
}
