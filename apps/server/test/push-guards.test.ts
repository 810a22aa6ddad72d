import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PUSH_TEXTS, type ProjectV2, V2_ERRORS } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push, sha1, startPush, uploadChunk } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * Issue 22 §5, the push protocol's smaller holes: a finish racing a cancel, v2 chunks used by someone else than
 * their uploader, chunks for a project scheduled for deletion, the version compared inside the lock, and
 * checksums that are no SHA-1.
 */

let server: TestServer;
let owner: HttpClient;
let other: HttpClient;
let projects = 0;
/** Told each SQL statement the server sends. */
let queryHook: ((sql: string) => void) | undefined;

const bearerOf = async (username: string) => {
  const http = new HttpClient(server.url);
  const login = await http.post<{ session: { token: string } }>('/v1/auth/login', {
    login: username,
    password: TEST_PASSWORD,
  });
  http.bearer = login.body.session.token;
  return http;
};

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (sql) => queryHook?.(sql) });
  await server.createUser({ username: 'olga' });
  await server.createUser({ username: 'mallory' });
  owner = await bearerOf('olga');
  other = await bearerOf('mallory');
});
afterAll(() => server.close());

/** A new project of olga's at v1 with one file. */
async function newProject(): Promise<{ path: string; id: string }> {
  projects += 1;
  const name = `guarded-${projects}`;
  const { id } = await server.createProject('olga', 'olga', name);
  await push(owner, `olga/${name}`, { version: 'v0', added: [{ path: 'start.txt', content: 'start' }] });
  return { path: `olga/${name}`, id };
}

const versionOf = async (projectPath: string) =>
  (await owner.get<{ version: string }>(`/v1/project/${projectPath}`)).body.version;

/** Starts a push of `files` files of `chunks` chunks each and uploads every chunk; answers the transaction. */
async function uploadedPush(client: HttpClient, projectPath: string, version: string, files = 4, chunks = 4) {
  const started = await startPush(client, projectPath, {
    version,
    added: Array.from({ length: files }, (_, i) => ({
      path: `file-${randomUUID()}-${i}.bin`,
      content: Buffer.alloc(chunks * 64 * 1024, i + 1),
    })),
    chunkSize: 64 * 1024,
  });
  expect(started.response.status).toBe(200);
  const transaction = started.response.body.transaction ?? '';
  for (const entry of started.entries) {
    for (const [index, id] of entry.chunks.entries()) {
      expect((await uploadChunk(client, transaction, id, entry.parts[index] ?? Buffer.alloc(0))).status).toBe(
        200,
      );
    }
  }
  return transaction;
}

describe('finish racing cancel', () => {
  it('never answers 500: the finish that lost answers 400 "Upload was probably canceled"', async () => {
    const project = await newProject();
    const answers: string[] = [];
    let version = 1;
    for (let trial = 0; trial < 15; trial += 1) {
      const transaction = await uploadedPush(owner, project.path, `v${version}`);
      const finish = owner.post<{ detail?: unknown }>(`/v1/project/push/finish/${transaction}`);
      // The cancel arrives a little later each trial, so it falls into each step of the finish.
      await new Promise((resolve) => setTimeout(resolve, trial * 3));
      const cancel = owner.post(`/v1/project/push/cancel/${transaction}`);
      const [finished, cancelled] = await Promise.all([finish, cancel]);
      answers.push(`${finished.status} ${cancelled.status}`);
      if (finished.status === 200) version += 1;
      // 404: the cancel was through before the finish began.
      else if (finished.status !== 404)
        expect(finished).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.uploadCanceled } });
      expect([200, 404]).toContain(cancelled.status);
      expect(existsSync(path.join(server.dataDir, 'uploads', transaction))).toBe(false);
      expect(await versionOf(project.path)).toBe(`v${version}`);
    }
    // The cancel fell into a running finish at least once.
    expect(answers.filter((answer) => answer.startsWith('400')).length).toBeGreaterThan(0);
  });
});

/** Uploads v2 chunks of `bytes` (one per 64 KiB) as `client`; answers their server ids. */
async function v2Chunks(client: HttpClient, projectId: string, bytes: Buffer): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
    const answer = await client.post<{ id: string }>(
      `/v2/projects/${projectId}/chunks`,
      new Uint8Array(bytes.subarray(offset, offset + 64 * 1024)),
    );
    expect(answer.status).toBe(200);
    ids.push(answer.body.id);
  }
  return ids;
}

const v2Addition = (version: string, files: Array<{ path: string; bytes: Buffer; chunks: string[] }>) => ({
  version,
  changes: {
    added: files.map((file) => ({
      path: file.path,
      checksum: sha1(file.bytes),
      size: file.bytes.length,
      chunks: file.chunks,
    })),
    updated: [],
    removed: [],
  },
});

describe('a v2 push whose transaction is removed meanwhile (a cancel or finish elsewhere)', () => {
  it('answers 409 AnotherUploadRunning, never 500', async () => {
    const project = await newProject();
    const answers: number[] = [];
    let version = 1;
    for (let trial = 0; trial < 10; trial += 1) {
      const files = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const bytes = Buffer.alloc(256 * 1024, trial * 4 + i + 1);
          return { path: `v2-${trial}-${i}.bin`, bytes, chunks: await v2Chunks(owner, project.id, bytes) };
        }),
      );
      const call = owner.post<{ code?: string }>(
        `/v2/projects/${project.id}/versions`,
        v2Addition(`v${version}`, files),
      );
      let done = false;
      void call.then(() => (done = true));
      // As another process's cancel would: the row (the lock) first, then the bytes.
      while (!done) {
        // A pause between looks: PGlite answers without I/O, and the server must get its turns.
        await new Promise((resolve) => setTimeout(resolve, 1));
        const open = await server.repos.uploads.findByProjectForUpdate(project.id);
        if (open) {
          await new Promise((resolve) => setTimeout(resolve, trial * 4));
          await server.repos.uploads.delete(open.id);
          rmSync(path.join(server.dataDir, 'uploads', open.id), { recursive: true, force: true });
          break;
        }
      }
      const answer = await call;
      answers.push(answer.status);
      if (answer.status === 201) version += 1;
      else expect(answer).toMatchObject({ status: 409, body: V2_ERRORS.anotherUpload });
      expect(await versionOf(project.path)).toBe(`v${version}`);
    }
    expect(answers).toContain(409);
  });
});

describe('v2 chunks are bound to their uploader and project', () => {
  /** Olga's chunk of `bytes` in a new project of hers. */
  async function olgasChunk(bytes: Buffer) {
    const project = await newProject();
    const [id] = await v2Chunks(owner, project.id, bytes);
    return { project, id: id ?? '' };
  }

  it("refuses another user's chunk as if it did not exist, and leaves it to its owner", async () => {
    const bytes = Buffer.from('olga surveyed this');
    const olgas = await olgasChunk(bytes);
    const { id: malloryProject } = await server.createProject('mallory', 'mallory', 'borrowed');
    const file = [{ path: 'stolen.txt', bytes, chunks: [olgas.id] }];

    const stolen = await other.post(`/v2/projects/${malloryProject}/versions`, v2Addition('v0', file));
    expect(stolen).toMatchObject({
      status: 422,
      body: { ...V2_ERRORS.dataSync, failed_files: { 'stolen.txt': V2_ERRORS.corrupted } },
    });
    // Nothing of it reached mallory's project, and olga's chunk is still there for her own push.
    expect((await other.get<{ version: string }>('/v1/project/mallory/borrowed')).body.version).toBe('v0');
    const own = await owner.post<ProjectV2>(
      `/v2/projects/${olgas.project.id}/versions`,
      v2Addition('v1', [{ path: 'mine.txt', bytes, chunks: [olgas.id] }]),
    );
    expect(own).toMatchObject({ status: 201, body: { version: 'v2' } });
  });

  it('refuses it to a writer of the same project too', async () => {
    const bytes = Buffer.from('olga, again');
    const olgas = await olgasChunk(bytes);
    const mallory = await server.repos.users.findByUsername('mallory');
    await server.repos.projects.setMember(olgas.project.id, mallory?.id ?? 0, 'writer');
    const file = [{ path: 'stolen.txt', bytes, chunks: [olgas.id] }];
    const stolen = await other.post(`/v2/projects/${olgas.project.id}/versions`, v2Addition('v1', file));
    expect(stolen).toMatchObject({
      status: 422,
      body: { failed_files: { 'stolen.txt': V2_ERRORS.corrupted } },
    });
    expect(await versionOf(olgas.project.path)).toBe('v1');
    const own = await owner.post(`/v2/projects/${olgas.project.id}/versions`, v2Addition('v1', file));
    expect(own.status).toBe(201);
  });

  it('refuses it in another project of the same user', async () => {
    const bytes = Buffer.from('olga, elsewhere');
    const olgas = await olgasChunk(bytes);
    const elsewhere = await newProject();
    const file = [{ path: 'moved.txt', bytes, chunks: [olgas.id] }];
    const moved = await owner.post(`/v2/projects/${elsewhere.id}/versions`, v2Addition('v1', file));
    expect(moved).toMatchObject({
      status: 422,
      body: { failed_files: { 'moved.txt': V2_ERRORS.corrupted } },
    });
    expect(
      (await owner.post(`/v2/projects/${olgas.project.id}/versions`, v2Addition('v1', file))).status,
    ).toBe(201);
  });
});

describe('a project scheduled for deletion', () => {
  it('takes no more v1 chunks (404) and its transaction ends', async () => {
    const project = await newProject();
    const started = await startPush(owner, project.path, {
      version: 'v1',
      added: [{ path: 'late.txt', content: 'two chunks, too late' }],
      chunkSize: 10,
    });
    const transaction = started.response.body.transaction ?? '';
    const [entry] = started.entries;
    const send = (index: number) =>
      uploadChunk(owner, transaction, entry?.chunks[index] ?? '', entry?.parts[index] ?? Buffer.alloc(0));
    expect((await send(0)).status).toBe(200);
    expect((await owner.post(`/v2/projects/${project.id}/scheduleDelete`)).status).toBe(204);

    expect(await send(1)).toMatchObject({ status: 404 });
    expect(existsSync(path.join(server.dataDir, 'uploads', transaction))).toBe(false);
    expect((await owner.post(`/v1/project/push/finish/${transaction}`)).status).toBe(404);
  });

  it('takes no v2 chunks (404)', async () => {
    const project = await newProject();
    expect((await owner.post(`/v2/projects/${project.id}/scheduleDelete`)).status).toBe(204);
    const chunk = await owner.post(`/v2/projects/${project.id}/chunks`, new Uint8Array(Buffer.from('late')));
    expect(chunk.status).toBe(404);
  });
});

describe('two pushes from the same version', () => {
  it('are told apart inside the lock: the one that lost gets 400 "Version mismatch" at its start', async () => {
    let answer: Awaited<ReturnType<typeof startPush>>['response'] | undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const project = await newProject();
      const first = await uploadedPush(owner, project.path, 'v1', 1, 1);
      // The first push's finish commits v2 just after the second start has checked the version, before it
      // asks for the lock: arranged as that finish does it (its row locked, the version, its row deleted), at the
      // second start's next statement (its look at the current files).
      let arranged: Promise<void> | undefined;
      queryHook = (sql) => {
        if (!sql.includes('"project_files"')) return;
        queryHook = undefined;
        arranged = server.repos.transaction(async (tx) => {
          if (!(await tx.uploads.lockById(first))) return;
          await tx.projects.update(project.id, { latestVersion: 2 });
          await tx.uploads.delete(first);
        });
      };
      const second = await startPush(owner, project.path, {
        version: 'v1',
        added: [{ path: 'second.txt', content: 'second' }],
      });
      queryHook = undefined;
      await arranged;
      answer = second.response;
      // On PostgreSQL the second start may reach the lock before the arranged finish: it then waits its turn.
      if (answer.body.detail !== PUSH_TEXTS.anotherProcess) break;
    }
    expect(answer).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.versionMismatch } });
  });
});

describe('declared checksums', () => {
  const start = (projectPath: string, file: Record<string, unknown>) =>
    owner.post(`/v1/project/push/${projectPath}`, {
      version: 'v1',
      changes: { added: [{ size: 4, chunks: [randomUUID()], ...file }], updated: [], removed: [] },
    });

  it('must be SHA-1s (40 hexadecimal digits): otherwise 400 at the start, naming the file', async () => {
    const project = await newProject();
    for (const checksum of ['abc', 'z'.repeat(40), `${'a'.repeat(40)}0`, ' '.repeat(40), '']) {
      expect(await start(project.path, { path: 'odd.txt', checksum })).toMatchObject({
        status: 400,
        body: { detail: PUSH_TEXTS.invalidChecksum('odd.txt') },
      });
    }
    const removal = await owner.post(`/v1/project/push/${project.path}`, {
      version: 'v1',
      changes: { added: [], updated: [], removed: [{ path: 'start.txt', checksum: 'nope', size: 5 }] },
    });
    expect(removal).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.invalidChecksum('start.txt') } });
    // Upper-case digits are a SHA-1 all the same; nothing was started or committed by the refusals.
    const upper = await start(project.path, { path: 'fine.txt', checksum: sha1('fine').toUpperCase() });
    expect(upper.status).toBe(200);
    expect(await versionOf(project.path)).toBe('v1');
  });

  it('of a changeset too, and v2 refuses them as an UploadError', async () => {
    const project = await newProject();
    const diffUpdate = {
      version: 'v1',
      changes: {
        added: [],
        updated: [
          {
            path: 'start.txt',
            checksum: sha1('start'),
            size: 5,
            chunks: [randomUUID()],
            diff: { path: 'start.txt-diff-1', checksum: 'not-a-sha1', size: 3 },
          },
        ],
        removed: [],
      },
    };
    expect(await owner.post(`/v1/project/push/${project.path}`, diffUpdate)).toMatchObject({
      status: 400,
      body: { detail: PUSH_TEXTS.invalidChecksum('start.txt-diff-1') },
    });
    const v2 = await owner.post(`/v2/projects/${project.id}/versions`, {
      ...v2Addition('v1', [{ path: 'odd.txt', bytes: Buffer.from('odd'), chunks: [randomUUID()] }]),
      check_only: true,
    });
    expect(v2.status).toBe(204);
    const odd = v2Addition('v1', [{ path: 'odd.txt', bytes: Buffer.from('odd'), chunks: [randomUUID()] }]);
    const refused = await owner.post(`/v2/projects/${project.id}/versions`, {
      ...odd,
      changes: { ...odd.changes, added: odd.changes.added.map((file) => ({ ...file, checksum: 'abc' })) },
    });
    expect(refused).toMatchObject({
      status: 422,
      body: {
        code: V2_ERRORS.uploadError.code,
        detail: V2_ERRORS.uploadErrorDetail(PUSH_TEXTS.invalidChecksum('odd.txt')),
      },
    });
  });
});
