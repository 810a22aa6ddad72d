import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUSH_TEXTS, V2_ERRORS } from '@waymark/contract';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpkgRows } from './gpkg-rows.ts';
import { MerginDevice, type Protocol } from './mergin-device.ts';
import { sha1 } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The sync protocol as the Mergin clients drive it, v1 and v2, through real HTTP: two devices of two people share
 * a project, edit the same GeoPackage on different rows, push diffs, pull and apply each other's diffs, and end
 * with the same data; stale and simultaneous pushes are refused the way the clients expect and retried.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
/** A media file of several chunks (the devices push in 64 KiB chunks). */
const PHOTO = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => (i * 7) % 251));

let server: TestServer;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-sync-'));
  // The job queue runs: whole-file GeoPackage updates get their diffs in the background.
  server = await startTestServer({}, { jobs: true });
  await server.createUser({ username: 'anna' });
  await server.createUser({ username: 'bert' });
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Changes rows of the device's GeoPackage with plain SQL, in a table without geometry (GDAL's R-tree triggers of
 * the others call ST_* functions plain SQLite lacks).
 */
function editRows(device: MerginDevice, sql: string) {
  const db = new Database(device.file('survey.gpkg'));
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

async function serverFile(device: MerginDevice, file: string) {
  const info = await device.api.get<{ version: string; files: Array<{ path: string; checksum: string }> }>(
    `/v1/project/${device.meta?.namespace}/${device.meta?.name}`,
  );
  return { version: info.body.version, file: info.body.files.find((entry) => entry.path === file) };
}

describe.each<Protocol>(['v1', 'v2'])('the %s protocol', (protocol) => {
  let anna: MerginDevice;
  let bert: MerginDevice;
  const name = `survey-${protocol}`;

  beforeAll(async () => {
    anna = new MerginDevice(server.url, path.join(work, `${protocol}-anna`), protocol);
    bert = new MerginDevice(server.url, path.join(work, `${protocol}-bert`), protocol);
    await anna.login('anna', TEST_PASSWORD);
    await bert.login('bert@example.com', TEST_PASSWORD);
  });

  it('creates a project and pushes its first version from v0, chunks four at a time', async () => {
    expect((await anna.api.post('/v1/project/anna', { name })).status).toBe(200);
    const created = await anna.api.get<{ id: string; version: string; files: [] }>(
      `/v1/project/anna/${name}`,
    );
    expect(created.body).toMatchObject({ version: 'v0', files: [] });
    await anna.downloadProject('anna', name);
    anna.write('survey.gpkg', BASE);
    anna.write('notes.txt', 'field notes');
    anna.write('media/photo.jpg', PHOTO);
    const pushed = await anna.push();
    expect(pushed.status).toBe(protocol === 'v1' ? 200 : 201);
    expect(anna.version).toBe('v1');
    // Every chunk of the three files once, at most four in flight, and more than one at once.
    expect(anna.chunkRequests).toBe(Math.ceil(BASE.length / anna.chunkSize) + 1 + 5);
    expect(anna.maxParallelChunks).toBeGreaterThan(1);
    expect(anna.maxParallelChunks).toBeLessThanOrEqual(4);
    expect((await serverFile(anna, 'media/photo.jpg')).file?.checksum).toBe(sha1(PHOTO));
    const share = await anna.api.post<unknown>(`/v2/projects/${anna.meta?.id}/collaborators`, {
      user: 'bert',
      role: 'writer',
    });
    expect(share.status).toBe(201);
  });

  it('lets a second device download every file in ranged pieces, byte for byte', async () => {
    await bert.downloadProject('anna', name);
    expect(bert.version).toBe('v1');
    expect(sha1(bert.read('media/photo.jpg'))).toBe(sha1(PHOTO));
    expect(sha1(bert.read('survey.gpkg'))).toBe(sha1(BASE));
    expect(bert.read('notes.txt').toString()).toBe('field notes');
  });

  it('pushes one device’s row edits as a diff; the other’s stale push is refused as the client expects', async () => {
    editRows(anna, "UPDATE notes SET text = 'Check the oak twice' WHERE fid = 1");
    editRows(bert, 'UPDATE notes SET priority = 7 WHERE fid = 2');
    const changes = anna.localChanges();
    expect(changes.updated.map((u) => [u.entry.path, u.entry.checksum, Boolean(u.entry.diff)])).toEqual([
      ['survey.gpkg', sha1(BASE), true],
    ]);
    const pushed = await anna.push();
    expect(pushed.status).toBe(protocol === 'v1' ? 200 : 201);
    expect(anna.version).toBe('v2');
    // The server rebuilt the file from the diff: the pusher's base file is that file, checksum for checksum.
    expect((await serverFile(anna, 'survey.gpkg')).file?.checksum).toBe(anna.baseChecksum('survey.gpkg'));

    const stale = await bert.push();
    if (protocol === 'v1') {
      expect(stale).toMatchObject({ status: 400, body: { detail: PUSH_TEXTS.versionMismatch } });
    } else {
      expect(stale).toMatchObject({
        status: 409,
        body: { ...V2_ERRORS.versionExists, client_version: 'v1', server_version: 'v2' },
      });
    }
  });

  it('pulls the diff, applies it to the base file (same checksum as the server) and keeps local edits', async () => {
    await bert.pull();
    expect(bert.version).toBe('v2');
    expect(bert.baseChecksum('survey.gpkg')).toBe((await serverFile(bert, 'survey.gpkg')).file?.checksum);
    const rows = gpkgRows(bert.file('survey.gpkg'));
    expect(rows.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^1 \| Check the oak twice/),
        expect.stringMatching(/^2 \| .* \| 7$/),
      ]),
    );
    const pushed = await bert.push();
    expect(pushed.status).toBe(protocol === 'v1' ? 200 : 201);
    expect(bert.version).toBe('v3');
  });

  it('brings both devices to the same data through diffs only', async () => {
    await anna.pull();
    expect(anna.version).toBe('v3');
    const onServer = (await serverFile(anna, 'survey.gpkg')).file?.checksum;
    expect(anna.baseChecksum('survey.gpkg')).toBe(onServer);
    expect(bert.baseChecksum('survey.gpkg')).toBe(onServer);
    expect(gpkgRows(anna.file('survey.gpkg'))).toEqual(gpkgRows(bert.file('survey.gpkg')));
    expect(sha1(anna.read('survey.gpkg'))).toBe(onServer);
    // Every GeoPackage change after v1 went as a diff.
    const info = await anna.api.get<{
      files: Array<{ path: string; history: Record<string, { diff?: unknown }> }>;
    }>(`/v1/project/anna/${name}?since=v1`);
    const history = info.body.files.find((entry) => entry.path === 'survey.gpkg')?.history ?? {};
    expect(Object.keys(history).sort()).toEqual(['v1', 'v2', 'v3']);
    expect(history.v2?.diff).toBeDefined();
    expect(history.v3?.diff).toBeDefined();
  });

  it('lets one of two simultaneous pushes win; the other succeeds after pulling', async () => {
    anna.write('anna.txt', 'from anna');
    bert.write('bert.txt', 'from bert');
    const [first, second] = await Promise.all([anna.push(), bert.push()]);
    const ok = protocol === 'v1' ? 200 : 201;
    const statuses = [first.status, second.status];
    expect(statuses.filter((status) => status === ok)).toHaveLength(1);
    const [loser, refusal] = first.status === ok ? [bert, second] : [anna, first];
    if (protocol === 'v1') {
      expect(refusal.status).toBe(400);
      expect([PUSH_TEXTS.anotherProcess, PUSH_TEXTS.versionMismatch]).toContain(
        (refusal.body as { detail: string }).detail,
      );
    } else {
      expect(refusal.status).toBe(409);
      expect([V2_ERRORS.anotherUpload.code, V2_ERRORS.versionExists.code]).toContain(
        (refusal.body as { code: string }).code,
      );
    }
    await loser.pull();
    const retried = await loser.push();
    expect(retried.status).toBe(ok);
    expect(loser.version).toBe('v5');
    const winner = loser === anna ? bert : anna;
    await winner.pull();
    expect(winner.read('anna.txt').toString()).toBe('from anna');
    expect(winner.read('bert.txt').toString()).toBe('from bert');
    expect(loser.read(loser === anna ? 'bert.txt' : 'anna.txt').toString()).toMatch(/^from /);
  });

  it('turns a forced whole-file update into a diff that the other device pulls, with a removal', async () => {
    editRows(anna, "UPDATE notes SET text = 'Oak done' WHERE fid = 1");
    // A forced update: the device could not make a diff (as when pygeodiff fails) and sends the whole file.
    rmSync(anna.base('survey.gpkg'));
    rmSync(anna.file('notes.txt'));
    const forced = anna.localChanges().updated.map((u) => [u.entry.path, Boolean(u.entry.diff)]);
    expect(forced).toEqual([['survey.gpkg', false]]);
    const pushed = await anna.push();
    expect(pushed.status).toBe(protocol === 'v1' ? 200 : 201);
    const version = anna.version;
    // The changeset job computes the diff in the background; the change then carries it.
    const deadline = Date.now() + 30_000;
    let diffRef: unknown;
    while (!diffRef && Date.now() < deadline) {
      const info = await anna.api.get<{ files: Array<{ path: string; diff?: unknown }> }>(
        `/v1/project/anna/${name}`,
      );
      diffRef = info.body.files.find((entry) => entry.path === 'survey.gpkg')?.diff;
      if (!diffRef) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(diffRef).toMatchObject({ path: expect.stringMatching(/^survey\.gpkg-diff-/) });
    const downloads = bert.downloads;
    await bert.pull();
    expect(bert.version).toBe(version);
    // Only diffs were fetched for the GeoPackage: no whole-file download.
    expect(bert.downloads).toBe(downloads);
    expect(gpkgRows(bert.file('survey.gpkg'))).toEqual(gpkgRows(anna.file('survey.gpkg')));
    expect(() => bert.read('notes.txt')).toThrow();
  });
});
