import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EDITOR_QGIS_FILE_TEXT, RESTORE_TEXTS, V2_ERRORS } from '@waymark/contract';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpkgRows } from './gpkg-rows.ts';
import { HttpClient } from './http-client.ts';
import { MerginDevice, type Protocol } from './mergin-device.ts';
import { sha1, startPush } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * POST /v2/projects/{id}/restore (issue 28): a new version whose files equal a past version's, all or some of
 * them, with a push's rules (permissions, push lock), pulled by the Mergin clients (v1 and v2) like any version.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
const PHOTO = Buffer.from(Array.from({ length: 100 * 1024 }, (_, i) => (i * 7) % 251));

type FileEntry = { path: string; checksum: string; size: number };
type VersionDetail = {
  name: string;
  restored_from?: string;
  changes: Record<'added' | 'updated' | 'removed', FileEntry[]>;
  changesets: Record<string, unknown>;
};

let server: TestServer;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-restore-'));
  // The job queue runs: the restored GeoPackage gets its changeset (a diff to pull) in the background.
  server = await startTestServer({}, { jobs: true });
  for (const username of ['anna', 'rita', 'eddi', 'otto']) await server.createUser({ username });
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

function editRows(file: string, statement: string) {
  const db = new Database(file);
  try {
    db.exec(statement);
  } finally {
    db.close();
  }
}

async function signedIn(username: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const answer = await client.post<{ session: { token: string } }>('/v1/auth/login', {
    login: username,
    password: TEST_PASSWORD,
  });
  client.bearer = answer.body.session.token;
  return client;
}

const filesAt = async (device: MerginDevice, version: string) =>
  (
    await device.api.get<{ files: FileEntry[] }>(
      `/v1/project/${device.meta?.namespace}/${device.meta?.name}?version=${version}`,
    )
  ).body.files;

/** Waits for the changesets job to give the version's GeoPackage its changeset. */
async function changesetOf(client: HttpClient, id: string, version: string, file: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const detail = await client.get<VersionDetail>(`/v1/project/version/${id}/${version}`);
    if (detail.body.changesets[file] || Date.now() > deadline) return detail.body.changesets[file];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The device's files: GeoPackages by their rows, others by checksum. */
function deviceContent(device: MerginDevice) {
  const list = (sub: string): string[] =>
    readdirSync(device.file(sub), { withFileTypes: true }).flatMap((entry) => {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.name === '.mergin') return [];
      return entry.isDirectory() ? list(relative) : [relative];
    });
  return Object.fromEntries(
    list('')
      .sort()
      .map((file) => [file, file.endsWith('.gpkg') ? gpkgRows(device.file(file)) : sha1(device.read(file))]),
  );
}

describe.each<Protocol>(['v1', 'v2'])('restore, then a %s pull', (protocol) => {
  const name = `restore-${protocol}`;
  let anna: MerginDevice;
  let field: MerginDevice;
  let v1Content: Record<string, unknown>;
  let v2Survey: unknown;

  beforeAll(async () => {
    anna = new MerginDevice(server.url, path.join(work, `${protocol}-anna`), protocol);
    field = new MerginDevice(server.url, path.join(work, `${protocol}-field`), protocol);
    await anna.login('anna', TEST_PASSWORD);
    await field.login('anna', TEST_PASSWORD);
    expect((await anna.api.post('/v1/project/anna', { name })).status).toBe(200);
    await anna.downloadProject('anna', name);
    // v1: a GeoPackage, a text, a photo and a file removed later.
    anna.write('survey.gpkg', BASE);
    anna.write('notes.txt', 'first notes');
    anna.write('media/photo.jpg', PHOTO);
    anna.write('old.txt', 'to be removed');
    await anna.push();
    v1Content = deviceContent(anna);
    // v2: rows edited (a diff), the text changed, a file removed and one added.
    editRows(anna.file('survey.gpkg'), "UPDATE notes SET text = 'Changed later' WHERE fid = 1");
    anna.write('notes.txt', 'second notes');
    rmSync(anna.file('old.txt'));
    anna.write('new.txt', 'added in v2');
    await anna.push();
    expect(anna.version).toBe('v2');
    v2Survey = gpkgRows(anna.file('survey.gpkg'));
    await field.downloadProject('anna', name);
    expect(deviceContent(field)).not.toEqual(v1Content);
  });

  it('makes v3 with the files of v1: added, updated and removed against v2, with "restored from v1"', async () => {
    const id = anna.meta?.id ?? '';
    const restored = await anna.api.post<VersionDetail>(`/v2/projects/${id}/restore`, { version: 'v1' });
    expect(restored.status).toBe(201);
    expect(restored.body.name).toBe('v3');
    expect(restored.body.restored_from).toBe('v1');
    const paths = (kind: 'added' | 'updated' | 'removed') => restored.body.changes[kind].map((f) => f.path);
    expect(paths('added')).toEqual(['old.txt']);
    expect(paths('updated')).toEqual(['notes.txt', 'survey.gpkg']);
    expect(paths('removed')).toEqual(['new.txt']);
    // The files of v3 are v1's, checksum for checksum.
    const strip = (files: FileEntry[]) =>
      files.map(({ path: p, checksum, size }) => ({ path: p, checksum, size }));
    expect(strip(await filesAt(anna, 'v3'))).toEqual(strip(await filesAt(anna, 'v1')));
    // The version list says it too; a push's versions do not.
    const list = await anna.api.get<{ versions: Array<{ name: string; restored_from?: string }> }>(
      `/v1/project/versions/paginated/anna/${name}?page=1&per_page=10`,
    );
    expect(list.body.versions.map((v) => [v.name, v.restored_from])).toEqual([
      ['v3', 'v1'],
      ['v2', undefined],
      ['v1', undefined],
    ]);
    // The GeoPackage's update gets its changeset from the engine: one updated row.
    expect(await changesetOf(anna.api, id, 'v3', 'survey.gpkg')).toMatchObject({
      summary: [{ table: 'notes', insert: 0, update: 1, delete: 0 }],
    });
  });

  it('is pulled by a device at v2, the GeoPackage as a diff, ending with the files of v1', async () => {
    const downloads = field.downloads;
    await field.pull();
    expect(field.version).toBe('v3');
    expect(deviceContent(field)).toEqual(v1Content);
    // notes.txt and old.txt were downloaded; survey.gpkg came as a diff.
    expect(field.downloads - downloads).toBe(2);
  });

  it('restores one file only', async () => {
    const id = anna.meta?.id ?? '';
    const restored = await anna.api.post<VersionDetail>(`/v2/projects/${id}/restore`, {
      version: 'v2',
      paths: ['notes.txt'],
    });
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({
      name: 'v4',
      restored_from: 'v2',
      changes: { added: [], updated: [{ path: 'notes.txt', checksum: sha1('second notes') }], removed: [] },
    });
    await field.pull();
    expect(field.version).toBe('v4');
    expect(field.read('notes.txt').toString()).toBe('second notes');
    expect(field.read('old.txt').toString()).toBe('to be removed');
  });

  it('restores one GeoPackage only, stored with its changeset, pulled as a diff ending with the rows of v2', async () => {
    const id = anna.meta?.id ?? '';
    const before = deviceContent(field);
    const restored = await anna.api.post<VersionDetail>(`/v2/projects/${id}/restore`, {
      version: 'v2',
      paths: ['survey.gpkg'],
    });
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({ name: 'v5', restored_from: 'v2' });
    expect(restored.body.changes.updated.map((file) => file.path)).toEqual(['survey.gpkg']);
    expect(restored.body.changes.added).toEqual([]);
    expect(restored.body.changes.removed).toEqual([]);
    // The file of v5 is v2's, checksum for checksum; the others are v4's.
    const at = async (version: string) =>
      Object.fromEntries((await filesAt(anna, version)).map((file) => [file.path, file.checksum]));
    const [v2Files, v4Files, v5Files] = await Promise.all([at('v2'), at('v4'), at('v5')]);
    expect(v5Files).toEqual({ ...v4Files, 'survey.gpkg': v2Files['survey.gpkg'] });
    expect(await changesetOf(anna.api, id, 'v5', 'survey.gpkg')).toMatchObject({
      summary: [{ table: 'notes', insert: 0, update: 1, delete: 0 }],
    });

    const downloads = field.downloads;
    await field.pull();
    expect(field.version).toBe('v5');
    expect(field.downloads - downloads).toBe(0);
    expect(deviceContent(field)).toEqual({ ...before, 'survey.gpkg': v2Survey });
    expect(gpkgRows(field.file('survey.gpkg'))).toEqual(v2Survey);
  });
});

describe('refusals', () => {
  let id: string;
  let anna: HttpClient;

  beforeAll(async () => {
    anna = await signedIn('anna');
    expect((await anna.post('/v1/project/anna', { name: 'guarded' })).status).toBe(200);
    id = (await anna.get<{ id: string }>('/v1/project/anna/guarded')).body.id;
    const device = new MerginDevice(server.url, path.join(work, 'guarded'), 'v2');
    await device.login('anna', TEST_PASSWORD);
    await device.downloadProject('anna', 'guarded');
    device.write('project.qgs', '<qgis version="1"/>');
    device.write('notes.txt', 'one');
    await device.push();
    device.write('project.qgs', '<qgis version="2"/>');
    device.write('notes.txt', 'two');
    await device.push();
    for (const [user, role] of [
      ['rita', 'reader'],
      ['eddi', 'editor'],
    ]) {
      expect((await anna.post(`/v2/projects/${id}/collaborators`, { user, role })).status).toBe(201);
    }
  });

  it('refuses readers (403) and hides the private project from others (404)', async () => {
    const rita = await signedIn('rita');
    expect((await rita.post(`/v2/projects/${id}/restore`, { version: 'v1' })).status).toBe(403);
    const otto = await signedIn('otto');
    expect((await otto.post(`/v2/projects/${id}/restore`, { version: 'v1' })).status).toBe(404);
    expect(
      (await new HttpClient(server.url).post(`/v2/projects/${id}/restore`, { version: 'v1' })).status,
    ).toBe(401);
  });

  it('lets editors restore data files but not the QGIS project file', async () => {
    const eddi = await signedIn('eddi');
    const refused = await eddi.post(`/v2/projects/${id}/restore`, { version: 'v1' });
    expect(refused).toMatchObject({ status: 403, body: { detail: EDITOR_QGIS_FILE_TEXT('project.qgs') } });
    const allowed = await eddi.post<VersionDetail>(`/v2/projects/${id}/restore`, {
      version: 'v1',
      paths: ['notes.txt'],
    });
    expect(allowed).toMatchObject({ status: 201, body: { name: 'v3', restored_from: 'v1' } });
  });

  it('answers 400 with the unknown paths named, and commits nothing', async () => {
    const answer = await anna.post<{ detail: string }>(`/v2/projects/${id}/restore`, {
      version: 'v1',
      paths: ['notes.txt', 'nowhere/a.gpkg', 'b.txt'],
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { detail: RESTORE_TEXTS.unknownPaths('v1', ['nowhere/a.gpkg', 'b.txt']) },
    });
    const project = await anna.get<{ version: string }>('/v1/project/anna/guarded');
    expect(project.body.version).toBe('v3');
  });

  it('answers 400 for bad versions and paths, and when nothing would change', async () => {
    const bad = async (body: unknown, status = 400) => {
      const answer = await anna.post<{ detail: string }>(`/v2/projects/${id}/restore`, body);
      expect(answer.status).toBe(status);
      expect(answer.body.detail).toEqual(expect.any(String));
      return answer.body.detail;
    };
    await bad({ version: 'one' });
    await bad({});
    await bad({ version: 'v1', paths: [] });
    await bad({ version: 'v9' }, 404);
    await bad({ version: 'v0' }, 404);
    expect(await bad({ version: 'v1', paths: ['missing.txt'] })).toBe(
      RESTORE_TEXTS.unknownPaths('v1', ['missing.txt']),
    );
    expect(await bad({ version: 'v3' })).toBe(RESTORE_TEXTS.nothingToRestore('v3'));
  });

  it('answers 409 while a push is running, as a concurrent push would get, and nothing is committed', async () => {
    const started = await startPush(anna, 'anna/guarded', {
      version: 'v3',
      added: [{ path: 'big.bin', content: Buffer.alloc(1000, 1) }],
    });
    expect(started.response.status).toBe(200);
    const refused = await anna.post(`/v2/projects/${id}/restore`, { version: 'v2' });
    expect(refused).toMatchObject({ status: 409, body: V2_ERRORS.anotherUpload });
    expect((await anna.get<{ version: string }>('/v1/project/anna/guarded')).body.version).toBe('v3');
    await anna.post(`/v1/project/push/cancel/${started.response.body.transaction}`);
    const after = await anna.post(`/v2/projects/${id}/restore`, { version: 'v2' });
    expect(after).toMatchObject({ status: 201, body: { name: 'v4', restored_from: 'v2' } });
  });

  it('keeps to the storage quota as a push does (422 StorageLimitHit)', async () => {
    const removal = await startPush(anna, 'anna/guarded', {
      version: 'v4',
      removed: [{ path: 'notes.txt' }],
    });
    expect(removal.response.status).toBe(200);
    const workspace = await server.repos.workspaces.findByName('anna');
    const workspaceId = workspace?.id ?? 0;
    const usage = (await server.repos.workspaces.usage([workspaceId])).get(workspaceId)?.diskUsage ?? 0;
    await server.repos.workspaces.setStorage(workspaceId, usage + 2);
    try {
      const refused = await anna.post(`/v2/projects/${id}/restore`, { version: 'v4', paths: ['notes.txt'] });
      expect(refused).toMatchObject({
        status: 422,
        body: { code: 'StorageLimitHit', current_usage: usage, storage_limit: usage + 2 },
      });
      await server.repos.workspaces.setStorage(workspaceId, usage + 3);
      const fits = await anna.post(`/v2/projects/${id}/restore`, { version: 'v4', paths: ['notes.txt'] });
      expect(fits).toMatchObject({ status: 201, body: { name: 'v6', restored_from: 'v4' } });
    } finally {
      await server.repos.workspaces.setStorage(workspaceId, 1024 * 1024 * 1024);
    }
  });
});
