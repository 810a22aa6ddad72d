import type { ProjectFile } from '@waymark/contract';
import { diffUpload, type UploadDiff, uploadSize } from './uploadChanges.ts';
import type { ProjectUpload } from './uploadStore.ts';

export type SyncChange = 'added' | 'updated' | 'removed' | 'pending';

/** How far a file is (SPEC §2 Data Sync "per-file states"). */
export type SyncFileState =
  | { kind: 'analysing' }
  | { kind: 'ready' }
  | { kind: 'waiting' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'uploaded' };

export interface SyncRow {
  path: string;
  change: SyncChange;
  /** Bytes the file will have (removed files: what it has now). */
  size: number;
  state: SyncFileState;
}

export interface SyncSummary {
  diff: UploadDiff;
  rows: SyncRow[];
  /** Bytes of the added and updated files. */
  size: number;
  /** Files whose checksum is still being computed. */
  analysing: number;
}

function stateOf(upload: ProjectUpload, path: string, size: number, isAnalysed: boolean): SyncFileState {
  if (!isAnalysed) return { kind: 'analysing' };
  if (upload.phase === 'preparing') return { kind: 'ready' };
  const sent = upload.sentBytes[path] ?? 0;
  if (sent >= size) return { kind: 'uploaded' };
  if (sent === 0) return { kind: 'waiting' };
  return { kind: 'uploading', percent: Math.floor((sent / size) * 100) };
}

/** What the Data Sync panel shows for an upload against the project's current files. */
export function summariseUpload(projectFiles: readonly ProjectFile[], upload: ProjectUpload): SyncSummary {
  const { overlay } = upload;
  const diff = diffUpload(projectFiles, overlay);
  const sizes = new Map(projectFiles.map((file) => [file.path, file.size]));
  const localRow = (path: string, change: SyncChange): SyncRow => {
    const local = overlay.localFiles[path];
    const size = local?.size ?? 0;
    return { path, change, size, state: stateOf(upload, path, size, local?.checksum !== undefined) };
  };
  const rows: SyncRow[] = [
    ...diff.added.map((path) => localRow(path, 'added')),
    ...diff.updated.map((path) => localRow(path, 'updated')),
    ...diff.pending.map((path) => localRow(path, 'pending')),
    ...diff.removed.map((path): SyncRow => ({
      path,
      change: 'removed',
      size: sizes.get(path) ?? 0,
      state: { kind: 'ready' },
    })),
  ];
  const analysing = Object.values(overlay.localFiles).filter((local) => local.checksum === undefined).length;
  return { diff, rows, size: uploadSize(diff, overlay), analysing };
}
