import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { MAP_TEXTS, type MapLayers } from '@waymark/contract';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { push } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The map (issue 27) over real HTTP: layer list, vector tiles decoded back to places, features, caching and who
 * may read them. map.gpkg is made by ogr2ogr (fixtures/map/make-map-fixtures.sh): the same places (London, Brno)
 * in EPSG:4326, 3857, 27700 and 5514.
 */

const MAP_GPKG = readFileSync(path.join(import.meta.dirname, 'fixtures/map/map.gpkg'));
const BASE_GPKG = readFileSync(
  path.join(import.meta.dirname, '../../../packages/gpkg-diff/fixtures/base.gpkg'),
);
const LONDON: [number, number] = [-0.1276, 51.5072];
const BRNO: [number, number] = [16.6068, 49.1951];

let server: TestServer;
let owner: HttpClient;
let stranger: HttpClient;
let anonymous: HttpClient;

const P = 'otto/survey';
const PUBLIC = 'otto/open';

/** The tile holding a lon/lat at zoom z. */
function tileOf([lon, lat]: [number, number], z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

async function getTile(
  project: string,
  query: string,
  tile: { z: number; x: number; y: number },
  headers: Record<string, string> = {},
  client: HttpClient | null = owner,
) {
  const session = client?.cookie('session');
  const response = await fetch(
    `${server.url}/v1/project/map/${project}/tiles/${tile.z}/${tile.x}/${tile.y}.pbf?${query}`,
    { headers: { ...(session ? { cookie: `session=${session}` } : {}), ...headers } },
  );
  return {
    status: response.status,
    headers: response.headers,
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Every position of a decoded feature's geometry. */
function positionsOf(geometry: object): [number, number][] {
  const out: [number, number][] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') out.push([value[0], value[1] as number]);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk((geometry as { coordinates?: unknown }).coordinates);
  return out;
}

/** Decodes at tile z/x/y: feature.toGeoJSON needs the tile's own coordinates. */
function lonLatsOf(body: Uint8Array, layer: string, tile: { z: number; x: number; y: number }) {
  const decoded = new VectorTile(new PbfReader(body)).layers[layer];
  if (!decoded) return [];
  return Array.from({ length: decoded.length }, (_, i) => {
    const feature = decoded.feature(i);
    const geojson = feature.toGeoJSON(tile.x, tile.y, tile.z);
    return { id: feature.id, properties: feature.properties, positions: positionsOf(geojson.geometry) };
  });
}

const near = (a: [number, number], b: [number, number], tolerance: number) =>
  Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'otto' });
  await server.createUser({ username: 'samuel' });
  await server.createProject('otto', 'otto', 'survey');
  await server.createProject('otto', 'otto', 'open', { isPublic: true });
  owner = new HttpClient(server.url);
  await owner.login('otto', TEST_PASSWORD);
  stranger = new HttpClient(server.url);
  await stranger.login('samuel', TEST_PASSWORD);
  anonymous = new HttpClient(server.url);
  // v1: map.gpkg, a damaged GeoPackage and a photo; v2: map.gpkg becomes another GeoPackage.
  await push(owner, P, {
    version: 'v0',
    added: [
      { path: 'data/map.gpkg', content: MAP_GPKG },
      { path: 'broken.gpkg', content: 'SQLite format 3 but not really' },
      { path: 'photo.jpg', content: 'jpeg bytes' },
    ],
  });
  await push(owner, P, { version: 'v1', updated: [{ path: 'data/map.gpkg', content: BASE_GPKG }] });
  await push(owner, PUBLIC, { version: 'v0', added: [{ path: 'map.gpkg', content: MAP_GPKG }] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('layer list', () => {
  it('lists every table of every GeoPackage of a version with type, count, extent, fields and srs', async () => {
    const response = await owner.get<MapLayers>(`/v1/project/map/${P}/layers?version=v1`);
    expect(response.status).toBe(200);
    expect(response.body.version).toBe('v1');
    expect(response.body.files.map((file) => file.path)).toEqual(['broken.gpkg', 'data/map.gpkg']);
    const [broken, map] = response.body.files;
    expect(broken!.error).toBe(MAP_TEXTS.notGeoPackage);
    expect(broken!.layers).toEqual([]);
    const byName = Object.fromEntries(map!.layers.map((layer) => [layer.table, layer]));
    expect(Object.keys(byName).sort()).toEqual([
      'lines_27700',
      'multipoints_4326',
      'notes',
      'points_3857',
      'points_4326',
      'points_unknown_srs',
      'points_zm',
      'polygons_5514',
    ]);
    expect(byName.points_4326).toMatchObject({
      geometry_type: 'POINT',
      geometry_column: 'geom',
      srs_id: 4326,
      feature_count: 4,
      has_z: false,
      has_m: false,
    });
    expect(byName.points_4326!.fields.map((field) => field.name)).toEqual(['fid', 'name', 'height']);
    const [west, south, east, north] = byName.points_4326!.extent!;
    expect(near([west, south], [LONDON[0], BRNO[1]], 1e-5)).toBe(true);
    expect(near([east, north], [BRNO[0], LONDON[1]], 1e-5)).toBe(true);
    // The same points in Web Mercator (no R-tree): the same extent.
    expect(
      byName.points_3857!.extent!.every(
        (value, i) => Math.abs(value - byName.points_4326!.extent![i]!) < 1e-5,
      ),
    ).toBe(true);
    expect(byName.points_zm).toMatchObject({
      geometry_type: 'POINT',
      has_z: true,
      has_m: true,
      feature_count: 3,
    });
    expect(byName.lines_27700).toMatchObject({
      geometry_type: 'MULTILINESTRING',
      srs_id: 27700,
      feature_count: 3,
    });
    expect(byName.lines_27700!.srs_name).toContain('British National Grid');
    expect(byName.polygons_5514).toMatchObject({
      geometry_type: 'MULTIPOLYGON',
      srs_id: 5514,
      feature_count: 2,
    });
    const brnoBox = byName.polygons_5514!.extent!;
    expect(brnoBox[0]).toBeGreaterThan(16.5);
    expect(brnoBox[2]).toBeLessThan(16.7);
    expect(byName.notes).toMatchObject({ geometry_type: null, feature_count: 2, extent: null });
    const unknown = byName.points_unknown_srs!;
    expect(unknown.error).toBe(MAP_TEXTS.unknownSrs(unknown.srs_id!));
    expect(unknown.extent).toBeNull();
    expect(unknown.feature_count).toBe(4);
  });

  it('shows the latest version by default, and one file on request', async () => {
    const latest = await owner.get<MapLayers>(`/v1/project/map/${P}/layers`);
    expect(latest.status).toBe(200);
    expect(latest.body.version).toBe('v2');
    const map = latest.body.files.find((file) => file.path === 'data/map.gpkg')!;
    expect(map.layers.map((layer) => layer.table).sort()).toEqual(['lines', 'notes', 'points', 'polygons']);
    const one = await owner.get<MapLayers>(`/v1/project/map/${P}/layers?file=data/map.gpkg&version=v1`);
    expect(one.body.files).toHaveLength(1);
    expect(one.body.files[0]!.layers).toHaveLength(8);
  });

  it('refuses what is not there: a version, a file, a file that is no GeoPackage', async () => {
    const noVersion = await owner.get<{ detail: string }>(`/v1/project/map/${P}/layers?version=v9`);
    expect(noVersion.status).toBe(404);
    const badVersion = await owner.get<{ detail: string }>(`/v1/project/map/${P}/layers?version=nine`);
    expect(badVersion.status).toBe(400);
    const noFile = await owner.get<{ detail: string }>(`/v1/project/map/${P}/layers?file=none.gpkg`);
    expect(noFile.status).toBe(404);
    expect(noFile.body.detail).toBe(MAP_TEXTS.fileNotFound('none.gpkg'));
    const photo = await owner.get<{ detail: string }>(`/v1/project/map/${P}/layers?file=photo.jpg`);
    expect(photo.status).toBe(400);
    expect(photo.body.detail).toBe(MAP_TEXTS.notGeoPackageFile('photo.jpg'));
  });
});

describe('vector tiles', () => {
  const query = (layer: string) => `file=data/map.gpkg&layer=${layer}&version=v1`;

  it.each(['points_4326', 'points_3857', 'points_zm'])(
    'draws the points of %s where they are (reprojected, through the R-tree or not)',
    async (layer) => {
      const tile = tileOf(LONDON, 12);
      const response = await getTile(P, query(layer), tile);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
      const features = lonLatsOf(response.body, layer, tile);
      expect(features).toHaveLength(layer === 'points_zm' ? 2 : 1);
      const london = features.find((feature) => near(feature.positions[0]!, LONDON, 1e-4));
      expect(london).toBeDefined();
    },
  );

  it('keeps feature ids and plain attributes, and leaves out empty and NULL geometries', async () => {
    const tile = { z: 0, x: 0, y: 0 };
    const response = await getTile(P, query('points_4326'), tile);
    const features = lonLatsOf(response.body, 'points_4326', tile);
    expect(features.map((feature) => feature.id).sort()).toEqual([1, 2]);
    expect(features.find((feature) => feature.id === 1)!.properties).toMatchObject({
      name: 'London',
      height: 11.5,
    });
  });

  it('reprojects lines from the British National Grid and polygons from the Czech Krovak grid', async () => {
    const london = tileOf(LONDON, 10);
    const lines = lonLatsOf((await getTile(P, query('lines_27700'), london)).body, 'lines_27700', london);
    expect(lines.map((feature) => feature.id).sort()).toEqual([1, 2]);
    expect(lines.find((feature) => feature.id === 1)!.positions.some((p) => near(p, LONDON, 1e-3))).toBe(
      true,
    );

    const brno = tileOf(BRNO, 10);
    const polygons = lonLatsOf((await getTile(P, query('polygons_5514'), brno)).body, 'polygons_5514', brno);
    expect(polygons.map((feature) => feature.id).sort()).toEqual([1, 2]);
    // With the EPSG registry's datum shift (decision 015): within the tile's grid (~10 m at z10) and the shift's
    // few metres of where GDAL put it; the file's definition alone put it ~120 m off (1.3e-3° of longitude).
    const square = polygons.find((feature) => feature.id === 1)!.positions;
    expect(square.some((p) => near(p, [16.6, 49.19], 3e-4))).toBe(true);
  });

  it('answers an empty tile where the layer has nothing', async () => {
    const response = await getTile(P, query('points_4326'), { z: 10, x: 0, y: 0 });
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
  });

  it('is cached by content: a strong ETag, immutable for a named version, 304 on revalidation, kept on disk', async () => {
    const tile = tileOf(BRNO, 11);
    const first = await getTile(P, query('points_4326'), tile);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const again = await getTile(P, query('points_4326'), tile);
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(again.body).equals(Buffer.from(first.body))).toBe(true);
    // As a browser revalidates its cached copy (fetch() given a validator adds `Cache-Control: no-cache`, a
    // reload past every cache, which is answered in full).
    const revalidate = { 'cache-control': 'max-age=0' };
    const revalidated = await getTile(P, query('points_4326'), tile, {
      ...revalidate,
      'if-none-match': etag,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    // A browser holding several copies sends their ETags as a list.
    const listed = await getTile(P, query('points_4326'), tile, {
      ...revalidate,
      'if-none-match': `"other", ${etag}`,
    });
    expect(listed.status).toBe(304);
    const stale = await getTile(P, query('points_4326'), tile, { ...revalidate, 'if-none-match': '"other"' });
    expect(stale.status).toBe(200);
    const key = etag.slice(1, -1);
    expect(existsSync(path.join(server.dataDir, 'map-cache', key.slice(0, 2), key))).toBe(true);
    // The same bytes in another project (the public one) share the entry: the key is the blob's, not the path's.
    const elsewhere = await getTile(PUBLIC, 'file=map.gpkg&layer=points_4326', tile);
    expect(elsewhere.headers.get('etag')).toBe(etag);
    expect(elsewhere.headers.get('cache-control')).toBe('private, no-cache');
    expect(readdirSync(path.join(server.dataDir, 'map-cache')).length).toBeGreaterThan(0);
  });

  it('refuses an unknown layer, a layer that cannot be drawn and tiles off the map', async () => {
    const tile = { z: 1, x: 1, y: 0 };
    const unknown = await getTile(P, 'file=data/map.gpkg&layer=nothing&version=v1', tile);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(Buffer.from(unknown.body).toString()).detail).toBe(MAP_TEXTS.layerNotFound('nothing'));
    const srs = await getTile(P, query('points_unknown_srs'), tile);
    expect(srs.status).toBe(422);
    expect(JSON.parse(Buffer.from(srs.body).toString()).detail).toMatch(
      /^Unknown spatial reference system \d+/,
    );
    const notes = await getTile(P, query('notes'), tile);
    expect(notes.status).toBe(422);
    const off = await getTile(P, query('points_4326'), { z: 2, x: 4, y: 0 });
    expect(off.status).toBe(400);
    const deep = await getTile(P, query('points_4326'), { z: 30, x: 0, y: 0 });
    expect(deep.status).toBe(400);
    const noLayer = await getTile(P, 'file=data/map.gpkg', tile);
    expect(noLayer.status).toBe(400);
  });
});

describe('features', () => {
  it('answers every field of a feature and its geometry in EPSG:4326', async () => {
    const response = await owner.get<{ fid: number; properties: Record<string, unknown>; geometry: unknown }>(
      `/v1/project/map/${P}/features/1?file=data/map.gpkg&layer=lines_27700&version=v1`,
    );
    expect(response.status).toBe(200);
    expect(response.body.fid).toBe(1);
    expect(response.body.properties).toEqual({ fid: 1, name: 'Thames walk' });
    const geometry = response.body.geometry as { type: string; coordinates: unknown };
    expect(geometry.type).toBe('MultiLineString');
    expect(near(positionsOf(geometry)[0]!, LONDON, 1e-5)).toBe(true);
  });

  it('answers a NULL geometry as null and an unknown feature with 404', async () => {
    const unplaced = await owner.get<{ geometry: unknown; properties: Record<string, unknown> }>(
      `/v1/project/map/${P}/features/4?file=data/map.gpkg&layer=points_4326&version=v1`,
    );
    expect(unplaced.status).toBe(200);
    expect(unplaced.body.geometry).toBeNull();
    expect(unplaced.body.properties.name).toBe('Unplaced');
    const missing = await owner.get<{ detail: string }>(
      `/v1/project/map/${P}/features/99?file=data/map.gpkg&layer=points_4326&version=v1`,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe(MAP_TEXTS.featureNotFound(99));
  });
});

describe('who may read the map', () => {
  const layersPath = (project: string) => `/v1/project/map/${project}/layers`;

  it('follows the download of the file: owners and public projects yes, strangers and anonymous not', async () => {
    const raw = (client: HttpClient, project: string, file: string) =>
      client.get(`/v1/project/raw/${project}?file=${file}`);
    const cases: [HttpClient, string, string][] = [
      [owner, P, 'data/map.gpkg'],
      [stranger, P, 'data/map.gpkg'],
      [anonymous, P, 'data/map.gpkg'],
      [stranger, PUBLIC, 'map.gpkg'],
      [anonymous, PUBLIC, 'map.gpkg'],
    ];
    for (const [client, project, file] of cases) {
      const download = await raw(client, project, file);
      const layers = await client.get(layersPath(project));
      const feature = await client.get(
        `/v1/project/map/${project}/features/1?file=${file}&layer=points_4326&version=v1`,
      );
      const tile = await getTile(
        project,
        `file=${file}&layer=points_4326&version=v1`,
        { z: 0, x: 0, y: 0 },
        {},
        client,
      );
      expect([layers.status, feature.status, tile.status]).toEqual([
        download.status,
        download.status,
        download.status,
      ]);
    }
    expect((await stranger.get(layersPath(P))).status).toBe(403);
    expect((await anonymous.get(layersPath(PUBLIC))).status).toBe(200);
  });

  it('takes a right away at once, though who may read a version is kept a few seconds', async () => {
    const query = 'file=map.gpkg&layer=points_4326&version=v1';
    const tile = () => getTile(PUBLIC, query, { z: 0, x: 0, y: 0 }, {}, anonymous);
    expect((await tile()).status).toBe(200);
    expect((await tile()).status).toBe(200); // kept
    const { id } = (await owner.get(`/v1/project/${PUBLIC}`)).body as { id: string };
    const toggle = (value: boolean) => owner.request('PATCH', `/app/project/${id}/public`, { public: value });
    expect((await toggle(false)).status).toBe(204);
    try {
      expect((await tile()).status).toBe(403);
    } finally {
      expect((await toggle(true)).status).toBe(204);
    }
    expect((await tile()).status).toBe(200);
  });
});
