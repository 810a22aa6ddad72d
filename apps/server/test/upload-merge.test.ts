import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type VersionMerge } from '@waymark/contract';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpkgRows } from './gpkg-rows.ts';
import { HttpClient } from './http-client.ts';
import { MerginDevice, type Protocol } from './mergin-device.ts';
import { push, sha1 } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * Browser uploads that merge (issue 28): an updated GeoPackage declared with `base_version` older than the
 * project's latest version is rebased on the latest file as the Mergin clients rebase (geodiff's rules), stored
 * as the new version with its changeset, an edit-conflict file beside it when both sides changed a field; a
 * schema change falls back to the upload replacing the file, noted. The Mergin clients then pull it.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = path.join(FIXTURES, 'base.gpkg');
const ADDED_COLUMN = path.join(FIXTURES, 'added-column.gpkg');

type VersionDetail = {
  name: string;
  merge?: VersionMerge;
  changes: Record<'added' | 'updated' | 'removed', Array<{ path: string; checksum: string; size: number }>>;
  changesets: Record<string, unknown>;
};

let server: TestServer;
let work: string;
let counter = 0;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-merge-'));
  server = await startTestServer({}, { jobs: true });
  await server.createUser({ username: 'anna' });
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** A copy of `from` with the statements run on it (a browser user's edit of a downloaded file). */
function edited(from: string, statement: string): Buffer {
  const file = path.join(work, `edit-${counter++}.gpkg`);
  copyFileSync(from, file);
  const db = new Database(file);
  try {
    db.exec(statement);
  } finally {
    db.close();
  }
  return readFileSync(file);
}

async function signedIn(): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const answer = await client.post<{ session: { token: string } }>('/v1/auth/login', {
    login: 'anna',
    password: TEST_PASSWORD,
  });
  client.bearer = answer.body.session.token;
  return client;
}

async function changesetOf(client: HttpClient, id: string, version: string, file: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const detail = await client.get<VersionDetail>(`/v1/project/version/${id}/${version}`);
    if (detail.body.changesets[file] || Date.now() > deadline) return detail.body.changesets[file];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each<Protocol>(['v1', 'v2'])('a merged browser upload, pulled by a %s device', (protocol) => {
  const name = `merge-${protocol}`;
  let device: MerginDevice;
  let browser: HttpClient;
  let id: string;
  /** The file as the browser user downloaded it at v1 and v3. */
  let atV1: string;
  let atV3: string;

  const version = async (v: string) =>
    (await browser.get<VersionDetail>(`/v1/project/version/${id}/${v}`)).body;

  beforeAll(async () => {
    device = new MerginDevice(server.url, path.join(work, protocol), protocol);
    await device.login('anna', TEST_PASSWORD);
    browser = await signedIn();
    expect((await browser.post('/v1/project/anna', { name })).status).toBe(200);
    id = (await browser.get<{ id: string }>(`/v1/project/anna/${name}`)).body.id;
    await device.downloadProject('anna', name);
    device.write('survey.gpkg', readFileSync(BASE));
    await device.push();
    atV1 = path.join(work, `${protocol}-v1.gpkg`);
    copyFileSync(device.file('survey.gpkg'), atV1);
    // v2 from the field: the first note's text.
    const db = new Database(device.file('survey.gpkg'));
    db.exec("UPDATE notes SET text = 'Checked by the field' WHERE fid = 1");
    db.close();
    await device.push();
    expect(device.version).toBe('v2');
  });

  it('keeps the field edit and adds the upload (other rows): v3, no conflict file', async () => {
    const uploaded = edited(
      atV1,
      "UPDATE notes SET priority = 5 WHERE fid = 2; INSERT INTO notes (fid, text, priority) VALUES (3, 'New', 1)",
    );
    await push(browser, `anna/${name}`, {
      version: 'v2',
      updated: [{ path: 'survey.gpkg', content: uploaded, baseVersion: 'v1' }],
    });
    const v3 = await version('v3');
    expect(v3.merge).toEqual({ base: 'v1', files: [{ path: 'survey.gpkg', kept: 1, conflicts: 0 }] });
    expect(v3.changes.added).toEqual([]);
    // The stored file is the merge, not the bytes sent.
    expect(v3.changes.updated[0]?.checksum).not.toBe(sha1(uploaded));
    expect(await changesetOf(browser, id, 'v3', 'survey.gpkg')).toMatchObject({
      summary: [{ table: 'notes', insert: 1, update: 1, delete: 0 }],
    });

    const downloads = device.downloads;
    await device.pull();
    expect(device.version).toBe('v3');
    expect(device.downloads - downloads).toBe(0);
    expect(gpkgRows(device.file('survey.gpkg')).notes).toEqual([
      '1 | Checked by the field | 1',
      '2 | Mow the meadow | 5',
      '3 | New | 1',
    ]);
    atV3 = path.join(work, `${protocol}-v3.gpkg`);
    copyFileSync(device.file('survey.gpkg'), atV3);
  });

  it('keeps the upload where both changed a field, with the other value in an edit-conflict file', async () => {
    const db = new Database(device.file('survey.gpkg'));
    db.exec("UPDATE notes SET text = 'Mown by the field' WHERE fid = 2");
    db.close();
    await device.push();
    expect(device.version).toBe('v4');

    const uploaded = edited(atV3, "UPDATE notes SET text = 'Mown from the office' WHERE fid = 2");
    await push(browser, `anna/${name}`, {
      version: 'v4',
      updated: [{ path: 'survey.gpkg', content: uploaded, baseVersion: 'v3' }],
    });
    const conflictFile = 'survey (edit conflict, anna v3).json';
    const v5 = await version('v5');
    expect(v5.merge).toEqual({
      base: 'v3',
      files: [{ path: 'survey.gpkg', kept: 1, conflicts: 1, conflict_file: conflictFile }],
    });
    expect(v5.changes.added.map((file) => file.path)).toEqual([conflictFile]);

    await device.pull();
    expect(device.version).toBe('v5');
    expect(gpkgRows(device.file('survey.gpkg')).notes).toContain('2 | Mown from the office | 5');
    expect(JSON.parse(device.read(conflictFile).toString())).toEqual({
      geodiff: [
        {
          table: 'notes',
          type: 'conflict',
          fid: '2',
          changes: [
            { column: 1, base: 'Mow the meadow', old: 'Mown by the field', new: 'Mown from the office' },
          ],
        },
      ],
    });
  });

  it('replaces the file as uploaded when the schema changed, and says why', async () => {
    const uploaded = readFileSync(ADDED_COLUMN);
    await push(browser, `anna/${name}`, {
      version: 'v5',
      updated: [{ path: 'survey.gpkg', content: uploaded, baseVersion: 'v1' }],
    });
    const v6 = await version('v6');
    expect(v6.merge?.files).toEqual([
      { path: 'survey.gpkg', kept: 0, conflicts: 0, overwritten: expect.stringContaining('columns changed') },
    ]);
    expect(v6.changes.updated[0]?.checksum).toBe(sha1(uploaded));
    await device.pull();
    expect(device.version).toBe('v6');
    expect(sha1(device.read('survey.gpkg'))).toBe(sha1(uploaded));
  });

  it('is a plain update when the file did not change since its base version', async () => {
    const db = new Database(device.file('survey.gpkg'));
    db.exec('UPDATE notes SET priority = 9 WHERE fid = 1');
    db.close();
    device.write('other.txt', 'a file of v7');
    await device.push();
    expect(device.version).toBe('v7');
    // survey.gpkg changed in v7: an upload based on v7 over v8 (only other.txt changed) merges nothing.
    device.write('other.txt', 'v8');
    await device.push();
    const uploaded = edited(device.file('survey.gpkg'), 'UPDATE notes SET priority = 7 WHERE fid = 2');
    await push(browser, `anna/${name}`, {
      version: 'v8',
      updated: [{ path: 'survey.gpkg', content: uploaded, baseVersion: 'v7' }],
    });
    const v9 = await version('v9');
    expect(v9.merge).toBeUndefined();
    expect(v9.changes.updated[0]?.checksum).toBe(sha1(uploaded));
  });
});

describe('refusals', () => {
  it('answers 400 for a base_version that is not a version name', async () => {
    const browser = await signedIn();
    expect((await browser.post('/v1/project/anna', { name: 'merge-bad' })).status).toBe(200);
    const answer = await browser.post('/v1/project/push/anna/merge-bad', {
      version: 'v0',
      changes: {
        added: [],
        updated: [{ path: 'a.gpkg', checksum: '0'.repeat(40), size: 1, chunks: [], base_version: 'seven' }],
        removed: [],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty('detail');
  });
});
