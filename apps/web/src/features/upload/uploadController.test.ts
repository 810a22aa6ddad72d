import { EDITOR_QGIS_FILE_TEXT, type ProjectDetail, PUSH_TEXTS } from '@waymark/contract';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppNotification, Notifier } from '../../lib/notifications.ts';
import { buildProject } from '../project/test/projectFixture.ts';
import type { ChunkUploadOptions, PushApi } from './api/pushApi.ts';
import type { FileHashes } from './hashing/hashBlob.ts';
import type { HashFile } from './hashing/workerHasher.ts';
import type { PushRequestBody } from './push/pushPlan.ts';
import type { DroppedItem } from './uploadChanges.ts';
import { createUploadController, type UploadController } from './uploadController.ts';
import { analysingCount, createUploadStore, sentBytesOf, type UploadStore } from './uploadStore.ts';
import { tFiles } from '../../i18n/files.ts';

const PATH = 'team/survey';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

function httpError(status: number, detail?: string): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, undefined, {
    status,
    statusText: '',
    data: detail === undefined ? {} : { detail },
    headers: new AxiosHeaders(),
    config,
  });
}

const fileItem = (name: string, content: string): DroppedItem => ({
  name,
  isDirectory: false,
  files: [{ relativePath: name, file: new File([content], name) }],
});

/** Checksums are 'sum:<content>', so equal content means an unchanged file. */
const hashOf = async (file: Blob): Promise<FileHashes> => ({
  checksum: `sum:${await file.text()}`,
  chunkChecksums: file.size > 0 ? [`sum:${await file.text()}`] : [],
});

interface ChunkCall {
  transaction: string;
  chunkId: string;
  size: number;
  options: ChunkUploadOptions;
  answer: ReturnType<typeof deferred<{ checksum: string; size: number }>>;
}

class FakeApi implements PushApi {
  starts: PushRequestBody[] = [];
  chunks: ChunkCall[] = [];
  finishes: string[] = [];
  cancels: string[] = [];
  startAnswer: () => Promise<{ transaction: string } | ProjectDetail> = async () => ({ transaction: 'tx-1' });
  finishAnswer: () => Promise<ProjectDetail> = async () => buildProject({ version: 'v2' });

  startPush(_namespace: string, _name: string, body: PushRequestBody) {
    this.starts.push(body);
    return this.startAnswer();
  }
  uploadChunk(transaction: string, chunkId: string, data: Blob, options: ChunkUploadOptions) {
    const answer = deferred<{ checksum: string; size: number }>();
    this.chunks.push({ transaction, chunkId, size: data.size, options, answer });
    options.signal.addEventListener('abort', () => answer.reject(new AxiosError('canceled', 'ERR_CANCELED')));
    return answer.promise;
  }
  finishPush(transaction: string) {
    this.finishes.push(transaction);
    return this.finishAnswer();
  }
  async cancelPush(transaction: string) {
    this.cancels.push(transaction);
  }
  /** Answers a chunk call as the server would for the bytes received. */
  async accept(call: ChunkCall, content: string) {
    call.options.onProgress(call.size);
    call.answer.resolve({ checksum: `sum:${content}`, size: call.size });
    await flush();
  }
}

let store: UploadStore;
let api: FakeApi;
let notices: AppNotification[];
let pushed: ProjectDetail[];
let failed: string[];
let controller: UploadController;
let project: ProjectDetail;
let hashFile: HashFile;

function notifier(): Notifier {
  const add = (severity: AppNotification['severity']) => (text: string) => {
    notices.push({ severity, text, life: 0 });
  };
  return { success: add('success'), info: add('info'), warn: add('warn'), error: add('error') };
}

function setUp(options: { parallelChunks?: number } = {}) {
  store = createUploadStore();
  api = new FakeApi();
  notices = [];
  pushed = [];
  failed = [];
  let id = 0;
  controller = createUploadController({
    store,
    hashFile: (file, signal) => hashFile(file, signal),
    api,
    notify: notifier(),
    getProject: () => project,
    onProjectPushed: (result) => pushed.push(result),
    onPushFailed: (namespace, name) => failed.push(`${namespace}/${name}`),
    makeChunkId: () => `chunk-${id++}`,
    parallelChunks: options.parallelChunks ?? 4,
  });
}

const upload = () => store.getState().uploads[PATH];
const texts = () => notices.map(({ severity, text }) => `${severity}: ${text}`);

beforeEach(() => {
  project = buildProject({
    namespace: 'team',
    name: 'survey',
    version: 'v1',
    files: [{ path: 'notes.txt', checksum: 'sum:old notes', size: 9, mtime: '2025-01-01T00:00:00Z' }],
  });
  hashFile = hashOf;
  setUp();
});

describe('analysing dropped files', () => {
  it('counts files still being analysed, then keeps the upload while it changes something', async () => {
    const gate = deferred<FileHashes>();
    hashFile = () => gate.promise;
    controller.addFiles(project, [fileItem('notes.txt', 'new notes')], '');
    expect(analysingCount(upload())).toBe(1);
    gate.resolve({ checksum: 'sum:new notes', chunkChecksums: [] });
    await flush();
    expect(analysingCount(upload())).toBe(0);
    expect(upload()?.overlay.localFiles['notes.txt']?.checksum).toBe('sum:new notes');
    expect(notices).toEqual([]);
  });

  it("drops an upload that changes nothing: 'No changes detected. File already exists?'", async () => {
    controller.addFiles(project, [fileItem('notes.txt', 'old notes')], '');
    await flush();
    expect(upload()).toBeUndefined();
    expect(texts()).toEqual([`error: ${tFiles('upload.noChanges')}`]);
  });

  it('leaves out files that cannot be read, and says so once', async () => {
    hashFile = async (file) => {
      if ((await file.text()) === 'broken') throw new Error('NotReadableError');
      return hashOf(file);
    };
    controller.addFiles(
      project,
      [fileItem('a.txt', 'broken'), fileItem('b.txt', 'fine'), fileItem('c.txt', 'broken')],
      '',
    );
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual(['b.txt']);
    expect(texts()).toEqual([`error: ${tFiles('upload.readFailed', { path: 'a.txt' })} (and 1 more file)`]);
  });

  it('leaves out files the server would refuse, in its own words, and says how many more', async () => {
    controller.addFiles(
      project,
      [fileItem('setup.exe', 'x'), fileItem('run.sh', 'y'), fileItem('photo.jpg', 'z')],
      'bad folder ',
    );
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual([]);
    expect(texts()[0]).toBe(
      `error: ${PUSH_TEXTS.unsupportedType('bad folder /setup.exe')} (and 2 more files)`,
    );
    controller.addFiles(project, [fileItem('photo.jpg', 'z'), fileItem('con.txt', 'c')], '');
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual(['photo.jpg']);
    expect(texts().at(-1)).toBe(`error: ${PUSH_TEXTS.unsupportedName('con.txt')}`);
  });

  it('leaves out device names in folders, invisible characters and names differing only in case', async () => {
    controller.addFiles(
      project,
      [
        fileItem('x.txt', 'c'),
        fileItem('a\u202etxt.pdf', 'b'),
        fileItem('Notes.txt', 'n'),
        fileItem('notes.txt', 'm'),
      ],
      'aux',
    );
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual([]);
    expect(texts().at(-1)).toBe(`error: ${PUSH_TEXTS.unsupportedName('aux/x.txt')} (and 3 more files)`);
    controller.addFiles(
      project,
      [fileItem('b\u200b.txt', 'b'), fileItem('Notes.txt', 'n'), fileItem('notes.txt', 'm')],
      '',
    );
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual(['Notes.txt']);
    expect(texts().at(-1)).toBe(`error: ${PUSH_TEXTS.unsupportedName('b\u200b.txt')} (and 1 more file)`);
    controller.addFiles(project, [fileItem('NOTES.txt', 'o')], '');
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual(['Notes.txt']);
    expect(texts().at(-1)).toBe(
      `error: ${tFiles('upload.caseDuplicate', { path: 'NOTES.txt', other: 'Notes.txt' })}`,
    );
  });

  it('refuses QGIS project files to editors before anything is sent, and takes their data files', async () => {
    const editorProject: ProjectDetail = { ...project, role: 'editor', files: [] };
    controller.addFiles(
      editorProject,
      [fileItem('survey.qgs', 'q'), fileItem('photo.jpg', 'p'), fileItem('map.QGZ', 'z')],
      '',
    );
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual(['photo.jpg']);
    expect(texts()).toEqual([`error: ${EDITOR_QGIS_FILE_TEXT('survey.qgs')} (and 1 more file)`]);
    expect(api.starts).toEqual([]);
    controller.discard(PATH);
    controller.addFiles(editorProject, [fileItem('survey.qgz', 'q')], '');
    await flush();
    // Only the refusal is told: no 'No changes detected' on top of it, and no upload is left open.
    expect(texts().at(-1)).toBe(`error: ${EDITOR_QGIS_FILE_TEXT('survey.qgz')}`);
    expect(texts()).toHaveLength(2);
    expect(upload()).toBeUndefined();
  });

  it('lets writers add QGIS project files', async () => {
    controller.addFiles({ ...project, role: 'writer', files: [] }, [fileItem('survey.qgs', 'q')], '');
    await flush();
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual(['survey.qgs']);
    expect(texts()).toEqual([]);
  });

  it('stops the analysis when the upload is closed, and ignores its late answers', async () => {
    let seenSignal: AbortSignal | undefined;
    const gate = deferred<FileHashes>();
    hashFile = (_file, signal) => {
      seenSignal = signal;
      return gate.promise;
    };
    controller.addFiles(project, [fileItem('a.txt', 'x')], '');
    controller.discard(PATH);
    expect(seenSignal?.aborted).toBe(true);
    gate.resolve({ checksum: 'sum:x', chunkChecksums: [] });
    await flush();
    expect(upload()).toBeUndefined();
    expect(notices).toEqual([]);
  });
});

describe('pushing', () => {
  async function prepare(items: DroppedItem[]) {
    controller.addFiles(project, items, '');
    await flush();
  }

  it('pushes files deleted in the browser as removals', async () => {
    controller.removeFiles(project, ['notes.txt']);
    expect(upload()?.overlay.removedPaths).toEqual(['notes.txt']);
    api.startAnswer = async () => buildProject({ version: 'v2', files: [] });
    await controller.push(project);
    expect(api.starts[0]?.changes).toEqual({
      added: [],
      updated: [],
      removed: [{ path: 'notes.txt', checksum: 'sum:old notes', size: 9, mtime: '2025-01-01T00:00:00Z' }],
    });
    expect(texts()).toEqual([`success: ${tFiles('upload.projectUpdated')}`]);
  });

  it('starts the push with the version, sends the chunks, finishes and shows the new version', async () => {
    await prepare([fileItem('notes.txt', 'new notes'), fileItem('photo.jpg', 'jpeg bytes')]);
    const running = controller.push(project);
    await flush();
    expect(api.starts).toEqual([
      {
        version: 'v1',
        changes: {
          added: [expect.objectContaining({ path: 'photo.jpg', checksum: 'sum:jpeg bytes', size: 10 })],
          updated: [expect.objectContaining({ path: 'notes.txt', checksum: 'sum:new notes', size: 9 })],
          removed: [],
        },
      },
    ]);
    expect(upload()?.phase).toBe('uploading');
    expect(upload()?.totalBytes).toBe(19);
    expect(api.chunks.map((call) => call.transaction)).toEqual(['tx-1', 'tx-1']);

    await api.accept(api.chunks[0]!, 'jpeg bytes');
    expect(sentBytesOf(upload()!)).toBe(10);
    await api.accept(api.chunks[1]!, 'new notes');
    await running;

    expect(api.finishes).toEqual(['tx-1']);
    expect(upload()).toBeUndefined();
    expect(pushed.map((result) => result.version)).toEqual(['v2']);
    expect(texts()).toEqual([`success: ${tFiles('upload.uploadFinished', { projectPath: PATH })}`]);
    expect(api.cancels).toEqual([]);
  });

  it("takes an answer without transaction (removals only) as the new version: 'Project updated'", async () => {
    await prepare([{ name: 'survey', isDirectory: true, files: [] }]);
    api.startAnswer = async () => buildProject({ version: 'v2', files: [] });
    await controller.push(project);
    expect(api.starts[0]?.changes.removed).toEqual([
      { path: 'notes.txt', checksum: 'sum:old notes', size: 9, mtime: '2025-01-01T00:00:00Z' },
    ]);
    expect(api.chunks).toEqual([]);
    expect(upload()).toBeUndefined();
    expect(texts()).toEqual([`success: ${tFiles('upload.projectUpdated')}`]);
  });

  it('keeps a bounded number of chunks in flight', async () => {
    setUp({ parallelChunks: 2 });
    await prepare(['a', 'b', 'c', 'd', 'e'].map((name) => fileItem(`${name}.txt`, name)));
    const running = controller.push(project);
    await flush();
    expect(api.chunks).toHaveLength(2);
    await api.accept(api.chunks[0]!, 'a');
    expect(api.chunks).toHaveLength(3);
    for (const [index, content] of ['b', 'c', 'd', 'e'].entries()) {
      await api.accept(api.chunks[index + 1]!, content);
    }
    await running;
    expect(api.chunks).toHaveLength(5);
    expect(api.finishes).toEqual(['tx-1']);
  });

  it('tries a failed chunk once more, starting its progress again', async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    const running = controller.push(project);
    await flush();
    api.chunks[0]!.options.onProgress(6);
    expect(sentBytesOf(upload()!)).toBe(6);
    api.chunks[0]!.answer.reject(httpError(502));
    await flush();
    expect(api.chunks).toHaveLength(2);
    expect(api.chunks[1]!.chunkId).toBe(api.chunks[0]!.chunkId);
    expect(sentBytesOf(upload()!)).toBe(0);
    await api.accept(api.chunks[1]!, 'jpeg bytes');
    await running;
    expect(texts()).toEqual([`success: ${tFiles('upload.uploadFinished', { projectPath: PATH })}`]);
  });

  it('retries a chunk the server received differently', async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    const running = controller.push(project);
    await flush();
    api.chunks[0]!.answer.resolve({ checksum: 'sum:garbled', size: 10 });
    await flush();
    expect(api.chunks).toHaveLength(2);
    await api.accept(api.chunks[1]!, 'jpeg bytes');
    await running;
    expect(api.finishes).toEqual(['tx-1']);
  });

  it('gives up after the retry: cancels the transaction, shows the detail, keeps the files', async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes'), fileItem('b.txt', 'b')]);
    const running = controller.push(project);
    await flush();
    api.chunks[0]!.answer.reject(httpError(503));
    await flush();
    api.chunks[2]!.answer.reject(httpError(503, 'Storage is offline'));
    await running;
    expect(api.cancels).toEqual(['tx-1']);
    expect(api.chunks[1]!.options.signal.aborted).toBe(true);
    expect(api.finishes).toEqual([]);
    expect(texts()).toEqual(['error: Storage is offline']);
    expect(upload()?.phase).toBe('preparing');
    expect(sentBytesOf(upload()!)).toBe(0);
    expect(failed).toEqual([PATH]);
  });

  it('does not retry a refusal, and falls back to "Failed to push changes" without a detail', async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    const running = controller.push(project);
    await flush();
    api.chunks[0]!.answer.reject(httpError(404));
    await running;
    expect(api.chunks).toHaveLength(1);
    expect(texts()).toEqual([`error: ${tFiles('upload.pushFailed')}`]);
  });

  it('shows why the server refused to start, with no transaction to cancel', async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    api.startAnswer = () => Promise.reject(httpError(400, 'Version mismatch'));
    await controller.push(project);
    expect(texts()).toEqual(['error: Version mismatch']);
    expect(api.cancels).toEqual([]);
    expect(upload()?.phase).toBe('preparing');
  });

  it("cancelling stops the requests and the transaction: 'Operation canceled by the user.'", async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    const running = controller.push(project);
    await flush();
    controller.cancel(PATH);
    await running;
    expect(api.chunks[0]!.options.signal.aborted).toBe(true);
    expect(api.chunks).toHaveLength(1);
    expect(api.cancels).toEqual(['tx-1']);
    expect(texts()).toEqual([`warn: ${tFiles('upload.canceledByUser')}`]);
    expect(upload()?.phase).toBe('preparing');
    expect(failed).toEqual([]);
  });

  it('a cancel while the push starts cancels the transaction the server then opened', async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    const start = deferred<{ transaction: string }>();
    api.startAnswer = () => start.promise;
    const running = controller.push(project);
    controller.cancel(PATH);
    start.resolve({ transaction: 'tx-late' });
    await running;
    expect(api.chunks).toEqual([]);
    expect(api.cancels).toEqual(['tx-late']);
  });

  it('closing the panel during the upload cancels it and forgets the files', async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    const running = controller.push(project);
    await flush();
    controller.discard(PATH);
    await running;
    expect(api.cancels).toEqual(['tx-1']);
    expect(upload()).toBeUndefined();
    expect(texts()).toEqual([`warn: ${tFiles('upload.canceledByUser')}`]);
  });

  it("refuses more files while the upload runs: 'You cannot update files during upload'", async () => {
    await prepare([fileItem('photo.jpg', 'jpeg bytes')]);
    const running = controller.push(project);
    await flush();
    controller.addFiles(project, [fileItem('late.txt', 'late')], '');
    expect(texts()).toEqual([`error: ${tFiles('upload.dropDuringUpload')}`]);
    expect(Object.keys(upload()?.overlay.localFiles ?? {})).toEqual(['photo.jpg']);
    await api.accept(api.chunks[0]!, 'jpeg bytes');
    await running;
  });

  it('does nothing while files are still being analysed', async () => {
    hashFile = () => new Promise(() => undefined);
    controller.addFiles(project, [fileItem('photo.jpg', 'jpeg bytes')], '');
    await controller.push(project);
    expect(api.starts).toEqual([]);
  });
});
