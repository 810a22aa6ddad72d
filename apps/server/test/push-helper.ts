import { createHash, randomUUID } from 'node:crypto';
import type { HttpClient, HttpResponse } from './http-client.ts';

/** `baseVersion`: the web app's `base_version` of an updated file (a merge when the project moved on). */
export type LocalFile = { path: string; content: Buffer | string; baseVersion?: string };
export type PushEntry = { path: string; checksum: string; size: number; chunks: string[] };

export const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('hex');

/** A file entry as the Mergin client declares it: SHA-1, size and one random chunk id per chunk. */
export function entryOf(file: LocalFile, chunkSize: number): PushEntry & { parts: Buffer[] } {
  const bytes = Buffer.from(file.content);
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    parts.push(bytes.subarray(offset, offset + chunkSize));
  }
  return {
    path: file.path,
    checksum: sha1(bytes),
    size: bytes.length,
    chunks: parts.map(() => randomUUID()),
    parts,
  };
}

const strip = ({ parts: _parts, ...entry }: PushEntry & { parts: Buffer[] }): PushEntry => entry;

export type PushPlan = {
  version: string;
  added?: LocalFile[];
  updated?: LocalFile[];
  removed?: Array<{ path: string; checksum?: string; size?: number }>;
  chunkSize?: number;
};

/** Starts a push; returns the answer and the entries with their chunk bytes. */
export async function startPush(client: HttpClient, project: string, plan: PushPlan) {
  const chunkSize = plan.chunkSize ?? 10 * 1024 * 1024;
  const added = (plan.added ?? []).map((file) => entryOf(file, chunkSize));
  const updated = (plan.updated ?? []).map((file) => ({
    ...entryOf(file, chunkSize),
    ...(file.baseVersion ? { base_version: file.baseVersion } : {}),
  }));
  const removed = (plan.removed ?? []).map((file) => ({
    path: file.path,
    checksum: file.checksum ?? '0'.repeat(40),
    size: file.size ?? 0,
  }));
  const response = await client.post<{ transaction?: string; detail?: unknown } & Record<string, unknown>>(
    `/v1/project/push/${project}`,
    { version: plan.version, changes: { added: added.map(strip), updated: updated.map(strip), removed } },
  );
  return { response, entries: [...added, ...updated] };
}

export function uploadChunk(client: HttpClient, transaction: string, chunkId: string, bytes: Buffer) {
  return client.post<{ checksum: string; size: number }>(
    `/v1/project/push/chunk/${transaction}/${chunkId}`,
    new Uint8Array(bytes),
  );
}

/** The whole protocol: start, every chunk, finish. Fails loudly when a step does not answer 200. */
export async function push(client: HttpClient, project: string, plan: PushPlan): Promise<HttpResponse> {
  const { response, entries } = await startPush(client, project, plan);
  if (response.status !== 200)
    throw new Error(`push start: ${response.status} ${JSON.stringify(response.body)}`);
  if (!response.body.transaction) return response;
  for (const entry of entries) {
    for (const [index, id] of entry.chunks.entries()) {
      const bytes = entry.parts[index] ?? Buffer.alloc(0);
      const answer = await uploadChunk(client, response.body.transaction, id, bytes);
      if (answer.status !== 200) throw new Error(`chunk: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (answer.body.checksum !== sha1(bytes) || answer.body.size !== bytes.length) {
        throw new Error('chunk answer does not match the bytes sent');
      }
    }
  }
  const finished = await client.post(`/v1/project/push/finish/${response.body.transaction}`);
  if (finished.status !== 200) throw new Error(`finish: ${finished.status} ${JSON.stringify(finished.body)}`);
  return finished;
}

export type DiffPlan = {
  version: string;
  path: string;
  /** The server's current file, whose SHA-1 the entry declares (as the Mergin client does). */
  base: Buffer;
  /** The changeset the client made from it; only these bytes are uploaded. */
  changeset: Buffer;
  /** Size of the client's full modified file. */
  fullSize: number;
  chunkSize?: number;
};

/** A plugin-style diff update: start with a `diff` entry, upload the changeset's chunks, finish (not checked). */
export async function pushDiff(
  client: HttpClient,
  project: string,
  plan: DiffPlan,
): Promise<{ response: HttpResponse; diffPath: string }> {
  const chunks = entryOf({ path: plan.path, content: plan.changeset }, plan.chunkSize ?? 10 * 1024 * 1024);
  const entry = {
    path: plan.path,
    checksum: sha1(plan.base),
    size: plan.fullSize,
    chunks: chunks.chunks,
    diff: { path: `${plan.path}-diff-${randomUUID()}`, checksum: chunks.checksum, size: chunks.size },
  };
  const started = await client.post<{ transaction?: string }>(`/v1/project/push/${project}`, {
    version: plan.version,
    changes: { added: [], updated: [entry], removed: [] },
  });
  if (started.status !== 200 || !started.body.transaction) {
    throw new Error(`push start: ${started.status} ${JSON.stringify(started.body)}`);
  }
  for (const [index, id] of chunks.chunks.entries()) {
    const answer = await uploadChunk(
      client,
      started.body.transaction,
      id,
      chunks.parts[index] ?? Buffer.alloc(0),
    );
    if (answer.status !== 200) throw new Error(`chunk: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const response = await client.post(`/v1/project/push/finish/${started.body.transaction}`);
  return { response, diffPath: entry.diff.path };
}
