import {
  apiRoutes,
  type ChunkResponse,
  pathOf,
  type ProjectDetail,
  type PushRequest,
  type PushStartResponse,
} from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';
import { http } from '../../../lib/api/http.ts';

export interface ChunkUploadOptions {
  signal: AbortSignal;
  /** Bytes of this chunk sent so far. */
  onProgress: (loaded: number) => void;
}

/** The four calls of the v1 push protocol (SPEC §7), as the upload drives them. */
export interface PushApi {
  startPush(namespace: string, name: string, body: PushRequest): Promise<PushStartResponse>;
  uploadChunk(
    transaction: string,
    chunkId: string,
    data: Blob,
    options: ChunkUploadOptions,
  ): Promise<ChunkResponse>;
  finishPush(transaction: string): Promise<ProjectDetail>;
  cancelPush(transaction: string): Promise<void>;
}

export const pushApi: PushApi = {
  /** POST /v1/project/push/{namespace}/{name} */
  async startPush(namespace, name, body) {
    return api.push.start({ params: { namespace, name }, body });
  },

  /** POST /v1/project/push/chunk/{transaction}/{chunk} with the raw bytes (not JSON: through the axios instance). */
  async uploadChunk(transaction, chunkId, data, { signal, onProgress }) {
    const response = await http.post<ChunkResponse>(
      pathOf(apiRoutes.push.chunk, { transaction, chunk: chunkId }),
      data,
      {
        signal,
        headers: { 'Content-Type': 'application/octet-stream' },
        onUploadProgress: (event) => onProgress(event.loaded),
      },
    );
    return response.data;
  },

  /** POST /v1/project/push/finish/{transaction}: the server assembles the files and makes the version. */
  async finishPush(transaction) {
    return api.push.finish({ params: { transaction } });
  },

  /** POST /v1/project/push/cancel/{transaction} */
  async cancelPush(transaction) {
    await api.push.cancel({ params: { transaction } });
  },
};
