import {
  apiRoutes,
  pathOf,
  type ProjectDetail,
  type ProjectFile,
  type PushRequest,
  type PushStartResponse,
} from '@waymark/contract';
import { TEXT_PREVIEW_MAX_CHARS } from '../../../lib/constants.ts';
import { AxiosHeaders } from 'axios';
import { api } from '../../../lib/api/api.ts';
import { http } from '../../../lib/api/http.ts';

/**
 * Address of a file's content, GET /v1/project/raw/{namespace}/{name}?file=…[&version=…]. Used as a plain
 * link for downloads and as an image's source, so the browser streams it instead of holding it in memory.
 */
export function rawFileUrl(namespace: string, name: string, path: string, version?: string): string {
  const query = new URLSearchParams({ file: path });
  if (version) query.set('version', version);
  return `${pathOf(apiRoutes.files.raw, { namespace, name })}?${query.toString()}`;
}

/**
 * Enough bytes for the longest text preview: UTF-8 spends at most 4 bytes on a character. Asked for with
 * an HTTP Range, so previewing a large log reads 40 kB, not the whole file.
 */
export const PREVIEW_BYTES = TEXT_PREVIEW_MAX_CHARS * 4;

export interface FilePreviewHead {
  /** The server's Content-Type, e.g. `image/png` or `text/plain; charset=utf-8`. */
  contentType: string;
  /** The first bytes of the file (the whole file when it is short or Range is not honoured). */
  bytes: Uint8Array;
}

function headerOf(headers: unknown, name: string): string {
  if (headers instanceof AxiosHeaders) {
    const value = headers.get(name);
    return typeof value === 'string' ? value : '';
  }
  if (headers && typeof headers === 'object' && name in headers) {
    const value: unknown = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  }
  return '';
}

function toBytes(data: unknown): Uint8Array {
  // Tagged rather than `instanceof`: a buffer made in another realm (a worker, a test DOM) is one too.
  if (Object.prototype.toString.call(data) === '[object ArrayBuffer]')
    return new Uint8Array(data as ArrayBuffer);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (typeof data === 'string') return new TextEncoder().encode(data);
  return new Uint8Array();
}

/** The type and first bytes of a file, to decide on and build its preview. */
export async function fetchFilePreviewHead(
  namespace: string,
  name: string,
  path: string,
  signal?: AbortSignal,
): Promise<FilePreviewHead> {
  const response = await http.get<ArrayBuffer>(rawFileUrl(namespace, name, path), {
    headers: { Range: `bytes=0-${PREVIEW_BYTES - 1}` },
    responseType: 'arraybuffer',
    signal,
  });
  return {
    contentType: headerOf(response.headers, 'content-type'),
    bytes: toBytes(response.data).subarray(0, PREVIEW_BYTES),
  };
}

/** One entry of `changes.removed` in a push: the file as the project lists it. */
function removedEntry(file: ProjectFile) {
  return { path: file.path, checksum: file.checksum, size: file.size, mtime: file.mtime };
}

/**
 * Deletes files by pushing a removal-only change, POST /v1/project/push/{namespace}/{name} from the
 * project's current version. The server makes the new version at once and answers with the project.
 */
export async function pushFileRemoval(
  project: Pick<ProjectDetail, 'namespace' | 'name' | 'version'>,
  files: ProjectFile[],
): Promise<ProjectDetail> {
  const body: PushRequest = {
    version: project.version,
    changes: { added: [], updated: [], removed: files.map(removedEntry) },
  };
  const answer: PushStartResponse = await api.push.start({
    params: { namespace: project.namespace, name: project.name },
    body,
  });
  if ('transaction' in answer) {
    // Nothing to upload was declared, so a transaction is not what this server should answer: give it
    // back rather than leave the project locked.
    await api.push.cancel({ params: { transaction: answer.transaction } });
    throw new Error('The server asked for an upload to delete a file');
  }
  return answer;
}
