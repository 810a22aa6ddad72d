import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAP_CHANGES_MAX_FEATURES, MAP_TEXTS, type MapChanges } from '@waymark/contract';
import { diff } from '@waymark/gpkg-diff';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push, pushDiff } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The map of a version's changes (issue 27) over real HTTP: GET /v1/project/map/{ns}/{name}/changes answers the rows
 * a version inserted, updated and deleted in a GeoPackage as GeoJSON in EPSG:4326, from the stored changeset (a
 * plugin-style diff push of base.gpkg → modified.gpkg, gpkg-diff's fixtures made by ogr2ogr), cached by content,
 * with the file download's permissions and clear refusals.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/gpkg-diff/fixtures');
const BASE = readFileSync(path.join(FIXTURES, 'base.gpkg'));
const MODIFIED = readFileSync(path.join(FIXTURES, 'modified.gpkg'));

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
let anonymous: HttpClient;
let work: string;

const P = 'olga/survey';
const PUBLIC = 'olga/open';
const BIG = 'olga/big';

const changesPath = (project: string, query: string) => `/v1/project/map/${project}/changes?${query}`;

/** A plugin-style push of `changeset` over base.gpkg at `version`: its changeset is stored as it finishes. */
async function pushChangeset(project: string, version: string, changeset: string, fullSize: number) {
  const pushed = await pushDiff(owner, project, {
    version,
    path: 'survey.gpkg',
    base: BASE,
    changeset: readFileSync(changeset),
    fullSize,
  });
  if (pushed.response.status !== 200) throw new Error(`diff push: ${pushed.response.status}`);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-map-changes-'));
  copyFileSync(path.join(FIXTURES, 'base.gpkg'), path.join(work, 'base.gpkg'));
  diff(
    path.join(FIXTURES, 'base.gpkg'),
    path.join(FIXTURES, 'modified.gpkg'),
    path.join(work, 'survey.diff'),
  );
  // base.gpkg with more new points than the map draws (its R-tree triggers dropped: plain SQLite lacks their
  // functions).
  copyFileSync(path.join(FIXTURES, 'base.gpkg'), path.join(work, 'crowded.gpkg'));
  const db = new Database(path.join(work, 'crowded.gpkg'));
  for (const { name } of db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'rtree_%'")
    .all() as { name: string }[]) {
    db.exec(`DROP TRIGGER "${name}"`);
  }
  const insert = db.prepare('INSERT INTO points (fid, name) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= MAP_CHANGES_MAX_FEATURES + 1; i++) insert.run(100_000 + i, `point ${i}`);
  })();
  db.close();
  diff(path.join(work, 'base.gpkg'), path.join(work, 'crowded.gpkg'), path.join(work, 'crowded.diff'));

  server = await startTestServer();
  await server.createUser({ username: 'olga' });
  await server.createUser({ username: 'samuel' });
  await server.createProject('olga', 'olga', 'survey');
  await server.createProject('olga', 'olga', 'open', { isPublic: true });
  await server.createProject('olga', 'olga', 'big');
  owner = new HttpClient(server.url);
  await owner.login('olga', TEST_PASSWORD);
  stranger = new HttpClient(server.url);
  await stranger.login('samuel', TEST_PASSWORD);
  anonymous = new HttpClient(server.url);
  for (const project of [P, PUBLIC, BIG]) {
    await push(owner, project, {
      version: 'v0',
      added: [
        { path: 'survey.gpkg', content: BASE },
        { path: 'notes.txt', content: 'notes' },
      ],
    });
  }
  // v2: the changeset; v3: another file only; v4: a whole-file update (its changeset is left to the job, which
  // this server does not run: it stays pending).
  await pushChangeset(P, 'v1', path.join(work, 'survey.diff'), MODIFIED.length);
  await push(owner, P, { version: 'v2', updated: [{ path: 'notes.txt', content: 'more notes' }] });
  await push(owner, P, { version: 'v3', updated: [{ path: 'survey.gpkg', content: BASE }] });
  await pushChangeset(PUBLIC, 'v1', path.join(work, 'survey.diff'), MODIFIED.length);
  await pushChangeset(
    BIG,
    'v1',
    path.join(work, 'crowded.diff'),
    statSync(path.join(work, 'crowded.gpkg')).size,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the changes of a version on a map', () => {
  it('answers the inserted, updated and deleted rows as GeoJSON with their attribute differences', async () => {
    const response = await owner.get<MapChanges>(changesPath(P, 'file=survey.gpkg&version=v2'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const changes = response.body;
    expect(changes).toMatchObject({ type: 'FeatureCollection', version: 'v2', file: 'survey.gpkg' });
    expect(
      changes.layers.map(({ table, insert, update, delete: deleted }) => [table, insert, update, deleted]),
    ).toEqual([
      ['lines', 0, 2, 1],
      ['notes', 1, 1, 0],
      ['points', 2, 4, 1],
      ['polygons', 1, 1, 0],
      ['visits', 1, 1, 1],
    ]);
    expect(changes.layers.find((layer) => layer.table === 'notes')!.error).toBe(MAP_TEXTS.noGeometry);
    const moved = changes.features.filter(
      (feature) => feature.properties.layer === 'points' && feature.properties.fid === 2,
    );
    expect(
      moved.map((feature) => [feature.properties.change, feature.properties.role, feature.geometry]),
    ).toEqual([
      ['update', 'new', { type: 'Point', coordinates: [16.6115, 49.2007] }],
      ['update', 'old', { type: 'Point', coordinates: [16.6112, 49.2003] }],
    ]);
    expect(moved[0]!.properties.changes).toContainEqual({
      name: 'count',
      old: '9007199254740993',
      new: '9007199254740995',
    });
    const kinds = changes.features.filter(
      (feature) => feature.properties.role === 'new' || feature.properties.change === 'delete',
    );
    expect(kinds.filter((feature) => feature.properties.change === 'insert')).toHaveLength(3);
    expect(kinds.filter((feature) => feature.properties.change === 'update')).toHaveLength(7);
    expect(kinds.filter((feature) => feature.properties.change === 'delete')).toHaveLength(2);
    // A point inserted without geometry, and one placed by the update where it had none: kept, not drawn.
    expect(
      changes.features
        .filter((feature) => feature.geometry === null)
        .map((feature) => [feature.properties.fid, feature.properties.change, feature.properties.role]),
    ).toEqual([
      [8, 'insert', 'new'],
      [5, 'update', 'old'],
    ]);
    expect(changes.extent).toHaveLength(4);
  });

  it('is cached by content: a strong ETag, immutable, 304 on revalidation', async () => {
    const first = await owner.get(changesPath(P, 'file=survey.gpkg&version=v2'));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const again = await owner.get(changesPath(P, 'file=survey.gpkg&version=v2'), {
      'if-none-match': etag,
      'cache-control': 'max-age=0',
    });
    expect(again.status).toBe(304);
  });

  it('refuses what has no changeset: a new file, an untouched one, a pending one, and bad requests', async () => {
    const cases: [string, number, string | undefined][] = [
      ['file=survey.gpkg&version=v1', 404, MAP_TEXTS.noChangeset('survey.gpkg', 'v1')],
      ['file=survey.gpkg&version=v3', 404, MAP_TEXTS.noChangeset('survey.gpkg', 'v3')],
      ['file=survey.gpkg&version=v4', 409, MAP_TEXTS.changesetPending],
      ['file=none.gpkg&version=v2', 404, MAP_TEXTS.fileNotFound('none.gpkg')],
      ['file=notes.txt&version=v3', 400, MAP_TEXTS.notGeoPackageFile('notes.txt')],
      ['file=survey.gpkg&version=v9', 404, undefined],
      ['file=survey.gpkg', 400, undefined],
      ['version=v2', 400, undefined],
    ];
    for (const [query, status, detail] of cases) {
      const response = await owner.get<{ detail: string }>(changesPath(P, query));
      expect([query, response.status]).toEqual([query, status]);
      if (detail) expect(response.body.detail).toBe(detail);
    }
  });

  it('refuses a changeset of more rows than the map draws, before reading it', async () => {
    const response = await owner.get<{ detail: string }>(changesPath(BIG, 'file=survey.gpkg&version=v2'));
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(
      MAP_TEXTS.tooManyChanges('survey.gpkg', 'v2', MAP_CHANGES_MAX_FEATURES + 1, MAP_CHANGES_MAX_FEATURES),
    );
  });

  it('follows the download of the file: owners and public projects yes, strangers and anonymous not', async () => {
    const cases: [HttpClient, string][] = [
      [owner, P],
      [stranger, P],
      [anonymous, P],
      [stranger, PUBLIC],
      [anonymous, PUBLIC],
    ];
    for (const [client, project] of cases) {
      const download = await client.get(`/v1/project/raw/${project}?file=survey.gpkg&version=v2`);
      const changes = await client.get(changesPath(project, 'file=survey.gpkg&version=v2'));
      expect(changes.status).toBe(download.status);
    }
    expect((await stranger.get(changesPath(P, 'file=survey.gpkg&version=v2'))).status).toBe(403);
    expect((await anonymous.get(changesPath(PUBLIC, 'file=survey.gpkg&version=v2'))).status).toBe(200);
  });
});
