import type { ProjectDetail, ProjectVersionDetail } from '@waymark/contract';
import { UPLOAD_PARALLEL_CHUNKS } from '../../lib/constants.ts';
import { getErrorMessage } from '../../lib/api/apiErrors.ts';
import type { Notifier } from '../../lib/notifications.ts';
import type { PushApi } from './api/pushApi.ts';
import type { HashFile } from './hashing/workerHasher.ts';
import { newChunkId, planPush } from './push/pushPlan.ts';
import { isAbort, sendChunks } from './push/sendChunks.ts';
import { tellMerge } from './push/tellMerge.ts';
import { applyDrop, applyRemoval, type DroppedItem, diffUpload, type LocalFile } from './uploadChanges.ts';
import {
  analysingCount,
  newProjectUpload,
  type ProjectUpload,
  projectPathOf,
  type UploadStore,
} from './uploadStore.ts';
import { withoutRefused } from './withoutRefused.ts';
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

  const finishWith = (projectPath: string, project: ProjectDetail, message: string) => {
    remove(projectPath);
    notify.success(message);
    deps.onProjectPushed(project);
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
      await sendChunks({
        api,
        transaction,
        chunks: plan.chunks,
        parallelChunks,
        signal: controller.signal,
        onSent: (path, delta) =>
          update(projectPath, id, (state) => ({
            ...state,
            sentBytes: { ...state.sentBytes, [path]: (state.sentBytes[path] ?? 0) + delta },
          })),
      });
      controller.signal.throwIfAborted();
      update(projectPath, id, (state) => ({ ...state, phase: 'finishing' }));
      const pushed = await api.finishPush(transaction);
      const merging = plan.body.changes.updated.some((file) => file.base_version !== undefined);
      finishWith(projectPath, pushed, tFiles('upload.uploadFinished', { projectPath }));
      if (merging) void tellMerge(pushed, { fetchVersion: deps.fetchVersion, notify });
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
