import { isVersionedFile, type ProjectDetail, UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import type { UploadDiff, UploadOverlay } from '../uploadChanges.ts';

/** One file of a push request (reference §2 "Push v1"). */
export interface PushFileChange {
  path: string;
  checksum: string;
  size: number;
  mtime: string;
  chunks: string[];
  /** An updated GeoPackage chosen at an older version: the server merges it on the latest (issue 28). */
  base_version?: string;
}

/** Body of POST /v1/project/push/{namespace}/{name}. */
export interface PushRequestBody {
  version: string;
  changes: {
    added: PushFileChange[];
    updated: PushFileChange[];
    removed: Omit<PushFileChange, 'chunks'>[];
  };
}

/** One chunk to send: a slice of a local file under its declared id. */
export interface ChunkTask {
  path: string;
  chunkId: string;
  blob: Blob;
  size: number;
  /** SHA-1 of the slice, when the analysis computed it. */
  checksum: string | undefined;
}

export interface PushPlan {
  body: PushRequestBody;
  chunks: ChunkTask[];
  /** Bytes of all chunks. */
  totalBytes: number;
}

/** SPEC §9: one chunk id per 10 MiB of file; an empty file has none. */
export function chunkCount(size: number): number {
  return Math.ceil(size / UPLOAD_CHUNK_SIZE);
}

/**
 * A random UUID (version 4), the chunk id form of the Mergin clients. Built from getRandomValues, which
 * (unlike crypto.randomUUID) also exists on plain-http addresses.
 */
export function newChunkId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The push request and the chunks to send for an analysed upload: added and updated files declare fresh
 * chunk ids, removed files are described as the project has them. The version is the one the upload was
 * compared with, so the server refuses it if somebody pushed in between.
 */
export function planPush(
  project: Pick<ProjectDetail, 'version' | 'files'>,
  overlay: UploadOverlay,
  diff: Pick<UploadDiff, 'added' | 'updated' | 'removed'>,
  makeChunkId: () => string = newChunkId,
): PushPlan {
  const chunks: ChunkTask[] = [];
  const describe = (path: string): PushFileChange => {
    const local = overlay.localFiles[path];
    if (local?.checksum === undefined) throw new Error(`${path} has not been analysed`);
    const ids = Array.from({ length: chunkCount(local.size) }, makeChunkId);
    ids.forEach((chunkId, index) => {
      const start = index * UPLOAD_CHUNK_SIZE;
      const end = Math.min(start + UPLOAD_CHUNK_SIZE, local.size);
      chunks.push({
        path,
        chunkId,
        blob: local.file.slice(start, end),
        size: end - start,
        checksum: local.chunkChecksums?.[index],
      });
    });
    return { path, checksum: local.checksum, size: local.size, mtime: local.mtime, chunks: ids };
  };
  const projectFiles = new Map(project.files.map((file) => [file.path, file]));
  const body: PushRequestBody = {
    version: project.version || 'v0',
    changes: {
      added: diff.added.map(describe),
      updated: diff.updated.map((path) => {
        const base = overlay.localFiles[path]?.baseVersion;
        const merges = base !== undefined && isVersionedFile(path) && base !== project.version;
        return merges ? { ...describe(path), base_version: base } : describe(path);
      }),
      removed: diff.removed.flatMap((path) => {
        const file = projectFiles.get(path);
        return file ? [{ path, checksum: file.checksum, size: file.size, mtime: file.mtime }] : [];
      }),
    },
  };
  return { body, chunks, totalBytes: chunks.reduce((sum, chunk) => sum + chunk.size, 0) };
}
