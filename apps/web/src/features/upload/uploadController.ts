import {
  abilitiesOfProjectRole,
  EDITOR_QGIS_FILE_TEXT,
  filePathProblem,
  hasInvisibleCharacter,
  hasTrailingSpace,
  type ProjectDetail,
  type ProjectVersionDetail,
  PUSH_TEXTS,
  refusedPushPath,
} from '@waymark/contract';
import { UPLOAD_CHUNK_RETRIES, UPLOAD_PARALLEL_CHUNKS } from '../../lib/constants.ts';
import axios from 'axios';
import { getErrorMessage } from '../../lib/api/apiErrors.ts';
import { withRetry } from '../../lib/api/retryPolicy.ts';
import type { Notifier } from '../../lib/notifications.ts';
import type { PushApi } from './api/pushApi.ts';
import type { HashFile } from './hashing/workerHasher.ts';
import { type ChunkTask, newChunkId, planPush } from './push/pushPlan.ts';
import { runLimited } from './push/runLimited.ts';
import {
  applyDrop,
  applyRemoval,
  type DroppedItem,
  diffUpload,
  type LocalFile,
  type UploadOverlay,
} from './uploadChanges.ts';
import {
  analysingCount,
  newProjectUpload,
  type ProjectUpload,
  projectPathOf,
  type UploadStore,
} from './uploadStore.ts';
import { tFiles } from '../../i18n/files.ts';

export interface UploadControllerDeps {
  store: UploadStore;
  hashFile: HashFile;
  api: PushApi;
  notify: Notifier;
  /** The project as the app last loaded it, to compare the analysed files with. */
  getProject: (namespace: string, name: string) => ProjectDetail | undefined;
  /** A push made a new version: show it. */
  onProjectPushed: (project: ProjectDetail) => void;
  /** A push failed: the project may have moved on, load it again. */
  onPushFailed: (namespace: string, name: string) => void;
  /** The detail of a version (to tell how a merged upload went). */
  fetchVersion?: (projectId: string, version: string) => Promise<ProjectVersionDetail>;
  makeChunkId?: () => string;
  parallelChunks?: number;
}

/** The upload's actions (SPEC §4 "Upload"); the state they change is in the upload store. */
export interface UploadController {
  /** Adds dropped or picked files to the project's upload (starting one) and analyses them. */
  addFiles(project: ProjectDetail, items: readonly DroppedItem[], location: string): void;
  /** Marks project files or folders for removal by the next push (starting an upload if needed). */
  removeFiles(project: ProjectDetail, paths: readonly string[]): void;
  /** Pushes the analysed changes: start, chunks, finish; cancels the transaction on any failure. */
  push(project: ProjectDetail): Promise<void>;
  /** Stops a running push and cancels its transaction; the picked files stay. */
  cancel(projectPath: string): void;
  /** Closes the upload: stops the analysis and any running push, and forgets the picked files. */
  discard(projectPath: string): void;
}

/** Why a push was aborted when the user asked for it (rather than a failure). */
const USER_CANCEL = Symbol('user-cancel');

class ChunkMismatchError extends Error {
  constructor() {
    super(tFiles('upload.chunkMismatch'));
  }
}

function isAbort(error: unknown): boolean {
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

/**
 * Why the server would refuse a file at this path (its own words), or null when it may be uploaded: editors
 * push data and media but no QGIS project file (SPEC §6), told before anything is sent.
 */
function refusalOf(path: string, isNew: boolean, role: ProjectDetail['role']): string | null {
  // Readers never reach the drop area; the project's role decides what its editors may push.
  const abilities = abilitiesOfProjectRole(role);
  if (abilities.edit && refusedPushPath(abilities, [path]) !== undefined) return EDITOR_QGIS_FILE_TEXT(path);
  const problem = filePathProblem(path);
  if (problem === 'invalid') return PUSH_TEXTS.unsupportedName(path);
  if (problem === 'forbidden-type') return PUSH_TEXTS.unsupportedType(path);
  if (isNew && hasTrailingSpace(path)) return PUSH_TEXTS.trailingSpace(path);
  if (isNew && hasInvisibleCharacter(path)) return PUSH_TEXTS.unsupportedName(path);
  return null;
}

const foldCase = (path: string) => path.normalize('NFC').toLowerCase();

/**
 * Leaves out the fresh files the server would refuse, so one bad name does not fail the whole push; the
 * first refusal is shown with the number of others.
 */
function withoutRefused(
  overlay: UploadOverlay,
  fresh: readonly LocalFile[],
  project: ProjectDetail,
  notify: Notifier,
): UploadOverlay {
  const known = new Set(project.files.map((file) => file.path));
  // Two files of one push whose names differ only in case are refused by the server: the later one stays out.
  const freshPaths = new Set(fresh.map((local) => local.path));
  const folded = new Map(
    Object.keys(overlay.localFiles)
      .filter((path) => !freshPaths.has(path))
      .map((path) => [foldCase(path), path]),
  );
  const refusals = fresh.flatMap((local) => {
    const twin = folded.get(foldCase(local.path));
    const reason =
      refusalOf(local.path, !known.has(local.path), project.role) ??
      (twin !== undefined && twin !== local.path
        ? tFiles('upload.caseDuplicate', { path: local.path, other: twin })
        : null);
    if (reason) return [{ path: local.path, reason }];
    folded.set(foldCase(local.path), local.path);
    return [];
  });
  const [first] = refusals;
  if (!first) return overlay;
  notify.error(
    refusals.length > 1
      ? `${first.reason}${tFiles('upload.moreRefused', { count: refusals.length - 1 })}`
      : first.reason,
  );
  const localFiles = { ...overlay.localFiles };
  for (const { path } of refusals) delete localFiles[path];
  return { ...overlay, localFiles };
}

interface Runtime {
  /** Stops the analysis of this upload's files. */
  analysis: AbortController;
  /** Files that could not be read, told once the analysis is over (one notice, not one per file). */
  unreadable: string[];
  /** Stops the running push. */
  push?: AbortController;
}

export function createUploadController(deps: UploadControllerDeps): UploadController {
  const { store, notify, api } = deps;
  const makeChunkId = deps.makeChunkId ?? newChunkId;
  const parallelChunks = deps.parallelChunks ?? UPLOAD_PARALLEL_CHUNKS;
  const runtimes = new Map<string, Runtime>();

  const current = (projectPath: string, id: number): ProjectUpload | undefined => {
    const upload = store.getState().uploads[projectPath];
    return upload?.id === id ? upload : undefined;
  };

  /** Changes the upload if it is still the one with this id. */
  const update = (projectPath: string, id: number, change: (upload: ProjectUpload) => ProjectUpload) => {
    const upload = current(projectPath, id);
    if (!upload) return;
    store.setState((state) => ({ uploads: { ...state.uploads, [projectPath]: change(upload) } }));
  };

  const remove = (projectPath: string) => {
    runtimes.get(projectPath)?.analysis.abort();
    runtimes.delete(projectPath);
    store.setState((state) => {
      const { [projectPath]: _removed, ...uploads } = state.uploads;
      return { uploads };
    });
  };

  /** After the last file was analysed: an upload that changes nothing is dropped (SPEC §4). */
  const checkAnalysed = (projectPath: string, id: number, fallback: ProjectDetail) => {
    const upload = current(projectPath, id);
    if (!upload || analysingCount(upload) > 0) return;
    const runtime = runtimes.get(projectPath);
    const [firstUnreadable, ...otherUnreadable] = runtime?.unreadable.splice(0) ?? [];
    if (firstUnreadable !== undefined) {
      const more =
        otherUnreadable.length > 0 ? tFiles('upload.moreRefused', { count: otherUnreadable.length }) : '';
      notify.error(`${tFiles('upload.readFailed', { path: firstUnreadable })}${more}`);
    }
    const project = deps.getProject(upload.namespace, upload.name) ?? fallback;
    if (diffUpload(project.files, upload.overlay).changes < 1) {
      notify.error(tFiles('upload.noChanges'));
      remove(projectPath);
    }
  };

  const analyse = (projectPath: string, id: number, local: LocalFile, project: ProjectDetail) => {
    const runtime = runtimes.get(projectPath);
    if (!runtime) return;
    deps.hashFile(local.file, runtime.analysis.signal).then(
      (hashes) => {
        update(projectPath, id, (upload) => {
          // A later drop may have replaced this file meanwhile: its own analysis answers for it.
          if (upload.overlay.localFiles[local.path] !== local) return upload;
          const analysed = { ...local, ...hashes };
          const localFiles = { ...upload.overlay.localFiles, [local.path]: analysed };
          return { ...upload, overlay: { ...upload.overlay, localFiles } };
        });
        checkAnalysed(projectPath, id, project);
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        update(projectPath, id, (upload) => {
          if (upload.overlay.localFiles[local.path] !== local) return upload;
          const { [local.path]: _unreadable, ...localFiles } = upload.overlay.localFiles;
          return { ...upload, overlay: { ...upload.overlay, localFiles } };
        });
        runtimes.get(projectPath)?.unreadable.push(local.path);
        checkAnalysed(projectPath, id, project);
      },
    );
  };

  const addFiles: UploadController['addFiles'] = (project, items, location) => {
    const projectPath = projectPathOf(project);
    const existing = store.getState().uploads[projectPath];
    if (existing && existing.phase !== 'preparing') {
      notify.error(tFiles('upload.dropDuringUpload'));
      return;
    }
    const upload = existing ?? newProjectUpload(project);
    if (!runtimes.has(projectPath)) {
      runtimes.set(projectPath, { analysis: new AbortController(), unreadable: [] });
    }
    const dropped = applyDrop(upload.overlay, items, location, project.name, project.version || undefined);
    const isFresh = (local: LocalFile) => upload.overlay.localFiles[local.path] !== local;
    const fresh = Object.values(dropped.localFiles).filter(isFresh);
    const overlay = withoutRefused(dropped, fresh, project, notify);
    const kept = Object.values(overlay.localFiles).filter(isFresh);
    // Everything dropped was refused and nothing else changes: the refusal said it all, no 'No changes' too.
    if (
      fresh.length > 0 &&
      kept.length === 0 &&
      !existing &&
      diffUpload(project.files, overlay).changes < 1
    ) {
      remove(projectPath);
      return;
    }
    store.setState((state) => ({ uploads: { ...state.uploads, [projectPath]: { ...upload, overlay } } }));

    for (const local of kept) {
      analyse(projectPath, upload.id, local, project);
    }
    checkAnalysed(projectPath, upload.id, project);
  };

  const removeFiles: UploadController['removeFiles'] = (project, paths) => {
    const projectPath = projectPathOf(project);
    const existing = store.getState().uploads[projectPath];
    if (existing && existing.phase !== 'preparing') {
      notify.error(tFiles('upload.dropDuringUpload'));
      return;
    }
    const upload = existing ?? newProjectUpload(project);
    if (!runtimes.has(projectPath)) {
      runtimes.set(projectPath, { analysis: new AbortController(), unreadable: [] });
    }
    const overlay = applyRemoval(upload.overlay, paths);
    store.setState((state) => ({ uploads: { ...state.uploads, [projectPath]: { ...upload, overlay } } }));
    checkAnalysed(projectPath, upload.id, project);
  };

  const sendChunks = async (
    projectPath: string,
    id: number,
    transaction: string,
    chunks: ChunkTask[],
    signal: AbortSignal,
  ) => {
    const sentByChunk = new Map<string, number>();
    const report = (chunk: ChunkTask, sent: number) => {
      const delta = sent - (sentByChunk.get(chunk.chunkId) ?? 0);
      if (delta === 0) return;
      sentByChunk.set(chunk.chunkId, sent);
      update(projectPath, id, (upload) => ({
        ...upload,
        sentBytes: { ...upload.sentBytes, [chunk.path]: (upload.sentBytes[chunk.path] ?? 0) + delta },
      }));
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
    await runLimited(chunks, parallelChunks, (chunk) =>
      withRetry(() => sendOnce(chunk), { retries: UPLOAD_CHUNK_RETRIES, shouldRetry: isWorthRetrying }),
    );
  };

  const finishWith = (projectPath: string, project: ProjectDetail, message: string) => {
    remove(projectPath);
    notify.success(message);
    deps.onProjectPushed(project);
  };

  /** After a push that asked for merges: what the server made of them (the version's `merge`). */
  const tellMerge = async (pushed: ProjectDetail) => {
    const merge = await deps
      .fetchVersion?.(pushed.id, pushed.version)
      .then((version) => version.merge)
      .catch(() => undefined);
    if (!merge) return;
    const overwritten = merge.files.filter((file) => file.overwritten).map((file) => file.path);
    if (overwritten.length > 0)
      notify.warn(tFiles('merge.finishedOverwritten', { paths: overwritten.join(', ') }), 10_000);
    const merged = merge.files.filter((file) => !file.overwritten);
    if (merged.length > 0) {
      const conflictFiles = merged.flatMap((file) => (file.conflict_file ? [file.conflict_file] : []));
      notify.success(
        conflictFiles.length === 0
          ? tFiles('merge.finishedMerged', { count: merged.length })
          : tFiles('merge.finishedMergedConflicts', { files: conflictFiles.join(', ') }),
        8_000,
      );
    }
  };

  const push: UploadController['push'] = async (project) => {
    const projectPath = projectPathOf(project);
    const upload = store.getState().uploads[projectPath];
    if (!upload || upload.phase !== 'preparing' || analysingCount(upload) > 0) return;
    const diff = diffUpload(project.files, upload.overlay);
    if (diff.changes < 1) {
      notify.error(tFiles('upload.noChanges'));
      remove(projectPath);
      return;
    }
    const { id } = upload;
    const plan = planPush(project, upload.overlay, diff, makeChunkId);
    const controller = new AbortController();
    const runtime = runtimes.get(projectPath) ?? { analysis: new AbortController(), unreadable: [] };
    runtimes.set(projectPath, { ...runtime, push: controller });
    update(projectPath, id, (state) => ({
      ...state,
      phase: 'uploading',
      totalBytes: plan.totalBytes,
      sentBytes: {},
    }));

    let transaction: string | undefined;
    try {
      // Not abortable: once sent, the server may hold a transaction that only its id can cancel.
      const started = await api.startPush(project.namespace, project.name, plan.body);
      if (!('transaction' in started)) {
        finishWith(projectPath, started, tFiles('upload.projectUpdated'));
        return;
      }
      transaction = started.transaction;
      controller.signal.throwIfAborted();
      await sendChunks(projectPath, id, transaction, plan.chunks, controller.signal);
      controller.signal.throwIfAborted();
      update(projectPath, id, (state) => ({ ...state, phase: 'finishing' }));
      const pushed = await api.finishPush(transaction);
      const merging = plan.body.changes.updated.some((file) => file.base_version !== undefined);
      finishWith(projectPath, pushed, tFiles('upload.uploadFinished', { projectPath }));
      if (merging) void tellMerge(pushed);
    } catch (error) {
      const isUserCancel = controller.signal.aborted && controller.signal.reason === USER_CANCEL;
      controller.abort();
      if (transaction) {
        // Best effort: an unanswered cancel leaves a transaction the server expires by itself.
        api.cancelPush(transaction).catch(() => undefined);
      }
      update(projectPath, id, (state) => ({ ...state, phase: 'preparing', totalBytes: 0, sentBytes: {} }));
      if (isUserCancel) {
        notify.warn(tFiles('upload.canceledByUser'));
      } else {
        notify.error(getErrorMessage(error, tFiles('upload.pushFailed')));
        deps.onPushFailed(project.namespace, project.name);
      }
    } finally {
      const latest = runtimes.get(projectPath);
      if (latest?.push === controller) runtimes.set(projectPath, { ...latest, push: undefined });
    }
  };

  const cancel: UploadController['cancel'] = (projectPath) => {
    runtimes.get(projectPath)?.push?.abort(USER_CANCEL);
  };

  const discard: UploadController['discard'] = (projectPath) => {
    cancel(projectPath);
    remove(projectPath);
  };

  return { addFiles, removeFiles, push, cancel, discard };
}
