import { createStore, type StoreApi, useStore } from 'zustand';
import { EMPTY_OVERLAY, type UploadOverlay, unanalysedFiles } from './uploadChanges.ts';

/**
 * Where one project's upload stands (SPEC §4 "Upload"): files are being picked and analysed
 * (`preparing`, until the user presses Update Changes), chunks are sent (`uploading`), then the server
 * makes the version (`finishing`). A finished, discarded or closed upload is removed from the store.
 */
export type UploadPhase = 'preparing' | 'uploading' | 'finishing';

/** SPEC §3 "Upload state per project path". */
export interface ProjectUpload {
  /** Tells this upload from a later one of the same project, so late answers of a discarded one are dropped. */
  id: number;
  namespace: string;
  name: string;
  overlay: UploadOverlay;
  phase: UploadPhase;
  /** Bytes the running push sends in all. */
  totalBytes: number;
  /** Bytes of each file sent so far, by path. */
  sentBytes: Record<string, number>;
}

export interface UploadStoreState {
  /** By project path (`namespace/name`). */
  uploads: Record<string, ProjectUpload>;
}

export type UploadStore = StoreApi<UploadStoreState>;

export function projectPathOf(project: { namespace: string; name: string }): string {
  return `${project.namespace}/${project.name}`;
}

export function createUploadStore(): UploadStore {
  return createStore<UploadStoreState>()(() => ({ uploads: {} }));
}

let nextUploadId = 1;

/** A fresh upload of a project, with nothing picked yet. */
export function newProjectUpload(project: { namespace: string; name: string }): ProjectUpload {
  return {
    id: nextUploadId++,
    namespace: project.namespace,
    name: project.name,
    overlay: EMPTY_OVERLAY,
    phase: 'preparing',
    totalBytes: 0,
    sentBytes: {},
  };
}

/** The app's one upload store; uploads keep running while the user moves between pages. */
export const uploadStore = createUploadStore();

/** Reads from the app's upload store (re-rendering when the selected part changes). */
export function useUploadStore<T>(selector: (state: UploadStoreState) => T): T {
  return useStore(uploadStore, selector);
}

/** True while the upload sends chunks or waits for the new version. */
export function isUploadRunning(upload: ProjectUpload | undefined): boolean {
  return upload !== undefined && upload.phase !== 'preparing';
}

/** Files still being analysed (SPEC §3 `analysingFiles`). */
export function analysingCount(upload: ProjectUpload | undefined): number {
  return upload ? unanalysedFiles(upload.overlay).length : 0;
}

/** Bytes sent by the running push. */
export function sentBytesOf(upload: ProjectUpload): number {
  return Object.values(upload.sentBytes).reduce((sum, bytes) => sum + bytes, 0);
}

/** Progress of the running push in whole percent (0 when there is nothing to send). */
export function uploadPercent(upload: ProjectUpload): number {
  if (upload.totalBytes <= 0) return upload.phase === 'finishing' ? 100 : 0;
  return Math.min(100, Math.floor((sentBytesOf(upload) / upload.totalBytes) * 100));
}
