import type { ChunkResponse, ProjectDetail, PushRequest, PushStartResponse } from '@waymark/contract';
import { http } from '../../../lib/api/http.ts';

const segment = (value: string) => encodeURIComponent(value);

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
    const response = await http.post<PushStartResponse>(
      `/v1/project/push/${segment(namespace)}/${segment(name)}`,
      body,
    );
    return response.data;
  },

  /** POST /v1/project/push/chunk/{transaction}/{chunk} with the raw bytes. */
  async uploadChunk(transaction, chunkId, data, { signal, onProgress }) {
    const response = await http.post<ChunkResponse>(
      `/v1/project/push/chunk/${segment(transaction)}/${segment(chunkId)}`,
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
    const response = await http.post<ProjectDetail>(`/v1/project/push/finish/${segment(transaction)}`);
    return response.data;
  },

  /** POST /v1/project/push/cancel/{transaction} */
  async cancelPush(transaction) {
    await http.post(`/v1/project/push/cancel/${segment(transaction)}`);
  },
};
