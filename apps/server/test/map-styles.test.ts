import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MapLayers } from '@waymark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { HttpClient } from './http-client.ts';
import { push } from './push-helper.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/**
 * The map's layer list with the colours of the project's QGIS project file (issue 27) over real HTTP: map.qgs
 * (written after QGIS 3.34's format) beside map.gpkg (made by ogr2ogr), a .qgz at the project's root, and project
 * files the map cannot follow.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures/map');
const MAP_GPKG = readFileSync(path.join(FIXTURES, 'map.gpkg'));
const MAP_QGS = readFileSync(path.join(FIXTURES, 'map.qgs'), 'utf8');

/** A .qgz as QGIS saves it (the project and its auxiliary database), in memory. */
async function qgzOf(qgs: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(qgs), 'root.qgs');
  zip.addBuffer(Buffer.from('auxiliary storage'), 'root.qgd');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let server: TestServer;
let owner: HttpClient;
const P = 'qgis/colours';

const layerOf = (body: MapLayers, file: string, table: string) =>
  body.files.find((entry) => entry.path === file)!.layers.find((layer) => layer.table === table)!;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'qgis' });
  await server.createProject('qgis', 'qgis', 'colours');
  owner = new HttpClient(server.url);
  await owner.login('qgis', TEST_PASSWORD);
  // v1: the GeoPackage and its QGIS project in data/ (sources relative to the project file), and a broken one.
  await push(owner, P, {
    version: 'v0',
    added: [
      { path: 'data/map.gpkg', content: MAP_GPKG },
      { path: 'data/project.qgs', content: MAP_QGS },
      { path: 'data/broken.qgs', content: '<qgis><projectlayers><maplayer type="vector"><datasource>' },
    ],
  });
  // v2: a .qgz at the root, whose points are blue: the root's project file comes first.
  const blue = MAP_QGS.replaceAll('./map.gpkg', './data/map.gpkg').replace(
    '227,26,28,255,rgb:0.8901960784313725,0.10196078431372549,0.10980392156862745,1',
    '0,0,255,255',
  );
  await push(owner, P, { version: 'v1', added: [{ path: 'root.qgz', content: await qgzOf(blue) }] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('QGIS colours in the layer list', () => {
  it('gives layers the single-symbol and categorized colours of the project file beside them', async () => {
    const response = await owner.get<MapLayers>(`/v1/project/map/${P}/layers?version=v1`);
    expect(response.status).toBe(200);
    const points = layerOf(response.body, 'data/map.gpkg', 'points_4326');
    expect(points.style_source).toBe('data/project.qgs');
    expect(points.style).toEqual({
      renderer: 'single',
      symbol: { fill: { color: '#e31a1c', opacity: 1 }, stroke: { color: '#232323', opacity: 1 } },
    });
    const polygons = layerOf(response.body, 'data/map.gpkg', 'polygons_5514');
    expect(polygons.style).toMatchObject({
      renderer: 'categorized',
      field: 'area_class',
      categories: [
        { values: ['park'], label: 'Park', symbol: { fill: { color: '#33a02c', opacity: 1 } } },
        { values: ['water'], label: 'Water', symbol: { fill: { color: '#1f78b4', opacity: 1 } } },
      ],
      other: { fill: { color: '#b2b2b2', opacity: 1 } },
    });
    // An SVG marker, rules, a layer of another file: the map's own colours (no style), the layer still listed.
    for (const table of ['points_3857', 'multipoints_4326', 'points_zm', 'notes']) {
      const layer = layerOf(response.body, 'data/map.gpkg', table);
      expect(layer.style).toBeUndefined();
      expect(layer.style_source).toBeUndefined();
    }
  });

  it('takes the project file at the root first, a .qgz too', async () => {
    const response = await owner.get<MapLayers>(`/v1/project/map/${P}/layers?version=v2`);
    expect(response.status).toBe(200);
    const points = layerOf(response.body, 'data/map.gpkg', 'points_4326');
    expect(points.style_source).toBe('root.qgz');
    expect(points.style).toMatchObject({ renderer: 'single', symbol: { fill: { color: '#0000ff' } } });
  });

  it('answers the layers of one file (the file sidebar) without reading project files', async () => {
    const response = await owner.get<MapLayers>(`/v1/project/map/${P}/layers?file=data/map.gpkg`);
    expect(response.status).toBe(200);
    expect(response.body.files[0]!.layers.some((layer) => layer.style)).toBe(false);
  });
});
