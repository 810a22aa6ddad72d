import { createHash } from 'node:crypto';
import { projectDetailSchema, projectV2Schema } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_PER_PAGE } from '../src/repositories/project-file-list.ts';
import type { CommitChange } from '../src/repositories/version.repository.ts';
import { HttpClient, type HttpResponse } from './http-client.ts';
import { push } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The project answers the clients ask for list every file of a project page by page (issue 26): more files than
 * a page, all of them once, in path order, as the answer of the version it names, and byte for byte what the
 * route's schema would have written.
 */

type File = { path: string; size: number; checksum: string; mtime: string; history?: unknown };
type Detail = { id: string; version: string; disk_usage: number; tags: string[]; files: File[] };

let server: TestServer;
let api: HttpClient;
let authorId: number;

const hex = (seed: string, algorithm: 'sha1' | 'sha256') => createHash(algorithm).update(seed).digest('hex');
/** Paths that sort the same in every collation: one folder, names of the same length. */
const pathOf = (prefix: string, i: number) => `${prefix}/${String(i).padStart(5, '0')}.txt`;

/** A change of `path` to made-up bytes `seed` (its blob row only: answers read no bytes). */
function change(path: string, kind: CommitChange['change'], seed: string, size: number): CommitChange {
  return {
    path,
    change: kind,
    size,
    checksum: hex(seed, 'sha1'),
    blobSha256: kind === 'delete' ? null : hex(seed, 'sha256'),
  };
}

/** Commits the next version of the project straight through the repositories (arranging thousands of files). */
async function commit(projectId: string, changes: CommitChange[]): Promise<void> {
  await server.repos.blobs.touchMany(
    changes.flatMap((c) => (c.blobSha256 ? [{ sha256: c.blobSha256, size: c.size, sha1: c.checksum }] : [])),
  );
  await server.repos.transaction(async (tx) => {
    const locked = await tx.versions.lockProject(projectId);
    await tx.versions.commit({
      projectId,
      number: (locked?.latestVersion ?? 0) + 1,
      authorId,
      userAgent: null,
      deviceId: null,
      changes,
    });
  });
}

/** The answer's text is what the route's schema makes of it: parsed, checked and written again, it is the same. */
function expectSchemaBytes(
  response: HttpResponse,
  schema: typeof projectDetailSchema | typeof projectV2Schema,
) {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const text = JSON.stringify(response.body);
  expect(JSON.stringify(schema.parse(JSON.parse(text)))).toBe(text);
}

async function rawText(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${api.bearer}` },
  });
  return response.text();
}

const FIRST = FILES_PER_PAGE * 2 + 345;

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.createUser({ username: 'lena' });
  authorId = user.id;
  api = new HttpClient(server.url);
  const login = await api.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'lena',
    password: TEST_PASSWORD,
  });
  api.bearer = login.body.session.token;
});
afterAll(() => server.close());

describe('a project of more files than a page', () => {
  let projectId: string;
  /** Path → size at v1 and at v2. */
  const atV1 = new Map<string, number>();
  const atV2 = new Map<string, number>();

  beforeAll(async () => {
    projectId = (await server.createProject('lena', 'lena', 'big')).id;
    const first: CommitChange[] = [];
    for (let i = 0; i < FIRST; i += 1) {
      first.push(change(pathOf('a', i), 'create', `a${i}`, 100 + i));
      atV1.set(pathOf('a', i), 100 + i);
    }
    first.push(change('qgis/project.qgz', 'create', 'qgz', 7));
    atV1.set('qgis/project.qgz', 7);
    await commit(projectId, first);
    // v2: some files updated, some removed (in every page), some added, the QGIS project removed.
    for (const [path, size] of atV1) atV2.set(path, size);
    const second: CommitChange[] = [];
    for (let i = 0; i < FIRST; i += 7) {
      second.push(change(pathOf('a', i), 'update', `a${i}-2`, 3));
      atV2.set(pathOf('a', i), 3);
    }
    for (let i = 3; i < FIRST; i += 11) {
      if (i % 7 === 0) continue;
      second.push(change(pathOf('a', i), 'delete', `a${i}`, 100 + i));
      atV2.delete(pathOf('a', i));
    }
    for (let i = 0; i < 20; i += 1) {
      second.push(change(pathOf('b', i), 'create', `b${i}`, 50));
      atV2.set(pathOf('b', i), 50);
    }
    second.push(change('qgis/project.qgz', 'delete', 'qgz', 7));
    atV2.delete('qgis/project.qgz');
    await commit(projectId, second);
  });

  const sum = (files: Map<string, number>) => [...files.values()].reduce((total, size) => total + size, 0);
  const listed = (files: File[]) => files.map((file) => [file.path, file.size] as const);
  const expected = (files: Map<string, number>) => [...files].sort(([a], [b]) => (a < b ? -1 : 1));

  it('lists the latest files once each, in path order, with the size kept as they changed', async () => {
    const answer = await api.get<Detail>('/v1/project/lena/big');
    expect(answer.status).toBe(200);
    expectSchemaBytes(answer, projectDetailSchema);
    expect(answer.body.version).toBe('v2');
    expect(listed(answer.body.files)).toEqual(expected(atV2));
    expect(answer.body.disk_usage).toBe(sum(atV2));
    expect(answer.body.tags).toEqual([]);
    // The same answer by the project's id.
    expect(await rawText(`/v1/project/by_uuid/${projectId}`)).toBe(JSON.stringify(answer.body));
  });

  it('lists an earlier version from its history, with its size and tags', async () => {
    const answer = await api.get<Detail>('/v1/project/lena/big?version=v1');
    expect(answer.status).toBe(200);
    expectSchemaBytes(answer, projectDetailSchema);
    expect(answer.body.version).toBe('v1');
    expect(listed(answer.body.files)).toEqual(expected(atV1));
    expect(answer.body.disk_usage).toBe(sum(atV1));
    expect(answer.body.tags).toEqual(['valid_qgis', 'input_use']);
    // The latest version from its history too: its removals (in every page) are left out, not listed.
    const latest = await api.get<Detail>('/v1/project/lena/big?version=v2');
    expectSchemaBytes(latest, projectDetailSchema);
    expect(listed(latest.body.files)).toEqual(expected(atV2));
    expect(latest.body.disk_usage).toBe(sum(atV2));
    expect(latest.body.tags).toEqual([]);
  });

  it('adds each file its history with ?since', async () => {
    const answer = await api.get<Detail>('/v1/project/lena/big?since=v1');
    expectSchemaBytes(answer, projectDetailSchema);
    expect(answer.body.files).toHaveLength(atV2.size);
    expect(answer.body.files.every((file) => JSON.stringify(file.history) === '{}')).toBe(true);
  });

  it('answers v2 with the files of the version asked for', async () => {
    for (const [version, files] of [
      ['v2', atV2],
      ['v1', atV1],
    ] as const) {
      const answer = await api.get<{ version: string; files: File[] }>(
        `/v2/projects/${projectId}?files_at_version=${version}`,
      );
      expectSchemaBytes(answer, projectV2Schema);
      expect(answer.body.version).toBe('v2');
      expect(listed(answer.body.files)).toEqual(expected(files));
    }
  });

  it('keeps the project size of each version as the sum of its files', async () => {
    const versions = await api.get<{ versions: Array<{ name: string; project_size: number }> }>(
      '/v1/project/versions/paginated/lena/big?page=1&per_page=10',
    );
    const sizes = Object.fromEntries(versions.body.versions.map((v) => [v.name, v.project_size]));
    expect(sizes).toEqual({ v1: sum(atV1), v2: sum(atV2) });
  });

  it('answers a push (v1 finish, v2 version) with every file of the new version', async () => {
    const finished = await push(api, 'lena/big', {
      version: 'v2',
      added: [{ path: 'c/new.txt', content: 'new file' }],
      updated: [{ path: pathOf('a', 1), content: 'changed' }],
    });
    expectSchemaBytes(finished, projectDetailSchema);
    const v3 = new Map(atV2).set('c/new.txt', 8).set(pathOf('a', 1), 7);
    expect((finished.body as Detail).version).toBe('v3');
    expect(listed((finished.body as Detail).files)).toEqual(expected(v3));
    expect((finished.body as Detail).disk_usage).toBe(sum(v3));

    // A removal-only push answers at its start.
    const removal = await api.post<Detail>('/v1/project/push/lena/big', {
      version: 'v3',
      changes: {
        added: [],
        updated: [],
        removed: [{ path: 'c/new.txt', checksum: hex('new file', 'sha1'), size: 8 }],
      },
    });
    expect(removal.status).toBe(200);
    expectSchemaBytes(removal, projectDetailSchema);
    v3.delete('c/new.txt');
    expect(listed(removal.body.files)).toEqual(expected(v3));

    const v2Push = await api.post<{ version: string; files: File[] }>(`/v2/projects/${projectId}/versions`, {
      version: 'v4',
      changes: {
        added: [],
        updated: [],
        removed: [{ path: pathOf('a', 2), checksum: hex('a2', 'sha1'), size: 102 }],
      },
    });
    expect(v2Push.status).toBe(201);
    expectSchemaBytes(v2Push, projectV2Schema);
    v3.delete(pathOf('a', 2));
    expect(v2Push.body.version).toBe('v5');
    expect(listed(v2Push.body.files)).toEqual(expected(v3));
  });
});

describe('a list read while a push commits', () => {
  it('stays the list of the version it began with', async () => {
    const projectId = (await server.createProject('lena', 'lena', 'moving')).id;
    const files: CommitChange[] = [];
    for (let i = 0; i < FILES_PER_PAGE + 10; i += 1)
      files.push(change(pathOf('m', i), 'create', `m${i}`, 10));
    await commit(projectId, files);

    const pages = server.repos.projects.currentFilePages(projectId, 1);
    const first = await pages.next();
    // Version 2 arrives between the pages: it changes, removes and adds files the next page would list.
    await commit(projectId, [
      change(pathOf('m', FILES_PER_PAGE + 1), 'update', 'changed', 99),
      change(pathOf('m', FILES_PER_PAGE + 2), 'delete', `m${FILES_PER_PAGE + 2}`, 10),
      change(pathOf('m', FILES_PER_PAGE + 99), 'create', 'added', 5),
    ]);
    const rest = [];
    for await (const page of pages) rest.push(...page);
    const all = [...(first.value ?? []), ...rest];
    expect(all.map((file) => [file.path, file.size, file.checksum])).toEqual(
      files.map((file) => [file.path, file.size, file.checksum]),
    );
    // And the list of version 2 is version 2's.
    const now = await api.get<Detail>('/v1/project/lena/moving');
    expect(now.body.files).toHaveLength(FILES_PER_PAGE + 10);
    expect(now.body.files.find((file) => file.path === pathOf('m', FILES_PER_PAGE + 1))?.size).toBe(99);
    expect(now.body.files.some((file) => file.path === pathOf('m', FILES_PER_PAGE + 2))).toBe(false);
  });
});
