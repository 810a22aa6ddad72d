import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAP_TEXTS, type MapChangedFeature, type MapChanges } from '@waymark/contract';
import { diff } from '@waymark/gpkg-diff';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapTooLargeError, readChangedFeatures } from './gpkg-changes.ts';

/**
 * The map of a version's changes read from real changesets: base.gpkg → modified.gpkg of gpkg-diff's fixtures
 * (EPSG:4326, made by ogr2ogr) and map.gpkg (ogr2ogr, layers in 27700, 5514 and an unknown srs) edited here.
 */

const GPKG_DIFF_FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/gpkg-diff/fixtures');
const MAP_GPKG = path.resolve(import.meta.dirname, '../../test/fixtures/map/map.gpkg');
const LONDON: [number, number] = [-0.1276, 51.5072];
const BRNO: [number, number] = [16.6068, 49.1951];

let work: string;
const file = (name: string) => path.join(work, name);
const HEAD = { file: 'survey.gpkg', version: 'v2' };

function read(changeset: string, target: string, maxBytes = 16 * 1024 * 1024): MapChanges {
  return JSON.parse(
    Buffer.from(readChangedFeatures(changeset, target, HEAD, maxBytes)).toString('utf8'),
  ) as MapChanges;
}

const featuresOf = (changes: MapChanges, layer: string, fid: number) =>
  changes.features.filter((feature) => feature.properties.layer === layer && feature.properties.fid === fid);

function positionsOf(feature: MapChangedFeature): [number, number][] {
  const out: [number, number][] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') out.push([value[0], value[1] as number]);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk((feature.geometry as { coordinates?: unknown } | null)?.coordinates);
  return out;
}

const near = (a: [number, number], b: [number, number], tolerance: number) =>
  Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-map-changes-'));
  diff(
    path.join(GPKG_DIFF_FIXTURES, 'base.gpkg'),
    path.join(GPKG_DIFF_FIXTURES, 'modified.gpkg'),
    file('survey.diff'),
  );
  // map.gpkg edited without GDAL: its R-tree triggers need functions plain SQLite lacks, so they go first.
  copyFileSync(MAP_GPKG, file('map-edited.gpkg'));
  const db = new Database(file('map-edited.gpkg'));
  for (const { name } of db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'rtree_%'")
    .all() as { name: string }[]) {
    db.exec(`DROP TRIGGER "${name}"`);
  }
  db.exec(`UPDATE polygons_5514 SET area_class = 'wetland' WHERE fid = 1;
           DELETE FROM lines_27700 WHERE fid = 1;
           UPDATE points_unknown_srs SET height = 99 WHERE fid = 1;`);
  db.close();
  diff(MAP_GPKG, file('map-edited.gpkg'), file('map.diff'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the changed rows of a changeset as GeoJSON', () => {
  it('counts every table and says why rows of tables without geometry are not drawn', () => {
    const changes = read(file('survey.diff'), path.join(GPKG_DIFF_FIXTURES, 'modified.gpkg'));
    expect(changes).toMatchObject({ type: 'FeatureCollection', file: 'survey.gpkg', version: 'v2' });
    expect(changes.layers).toEqual([
      { table: 'lines', geometry_type: 'LINESTRING', insert: 0, update: 2, delete: 1 },
      { table: 'notes', geometry_type: null, insert: 1, update: 1, delete: 0, error: MAP_TEXTS.noGeometry },
      { table: 'points', geometry_type: 'POINT', insert: 2, update: 4, delete: 1 },
      { table: 'polygons', geometry_type: 'POLYGON', insert: 1, update: 1, delete: 0 },
      { table: 'visits', geometry_type: null, insert: 1, update: 1, delete: 1, error: MAP_TEXTS.noGeometry },
    ]);
    expect(changes.features.every((feature, index) => feature.id === index)).toBe(true);
    expect(changes.features.some((feature) => ['notes', 'visits'].includes(feature.properties.layer))).toBe(
      false,
    );
    const [west, south, east, north] = changes.extent!;
    expect(west).toBeLessThanOrEqual(16.6112);
    expect(east).toBeGreaterThanOrEqual(16.6115);
    expect(south).toBeLessThan(north);
  });

  it('draws a moved row where it is now and where it was, with its attribute differences', () => {
    const changes = read(file('survey.diff'), path.join(GPKG_DIFF_FIXTURES, 'modified.gpkg'));
    const moved = featuresOf(changes, 'points', 2);
    expect(moved.map((feature) => feature.properties.role)).toEqual(['new', 'old']);
    expect(moved[0]!.geometry).toEqual({ type: 'Point', coordinates: [16.6115, 49.2007] });
    expect(moved[1]!.geometry).toEqual({ type: 'Point', coordinates: [16.6112, 49.2003] });
    expect(moved[0]!.properties).toMatchObject({ change: 'update', geometry_changed: true });
    // The key's old value, then the changed column (beyond 2^53: as text); the geometry is not listed.
    expect(moved[0]!.properties.changes).toEqual([
      { name: 'fid', old: 2 },
      { name: 'count', old: '9007199254740993', new: '9007199254740995' },
    ]);
  });

  it('draws a row updated in place where the file has it, and deleted rows where they were', () => {
    const changes = read(file('survey.diff'), path.join(GPKG_DIFF_FIXTURES, 'modified.gpkg'));
    const inPlace = changes.features.filter(
      (feature) => feature.properties.change === 'update' && !feature.properties.geometry_changed,
    );
    expect(inPlace.length).toBeGreaterThan(0);
    for (const feature of inPlace) {
      expect(feature.properties.role).toBe('new');
      expect(feature.geometry).not.toBeNull();
    }
    const deleted = changes.features.filter((feature) => feature.properties.change === 'delete');
    expect(deleted.map((feature) => feature.properties.layer).sort()).toEqual(['lines', 'points']);
    for (const feature of deleted) {
      expect(feature.properties.role).toBe('old');
      expect(feature.geometry).not.toBeNull();
      expect(feature.properties.changes.every((change) => 'old' in change && !('new' in change))).toBe(true);
    }
    const inserted = changes.features.filter((feature) => feature.properties.change === 'insert');
    expect(
      inserted.every((feature) => feature.properties.changes.every((change) => !('old' in change))),
    ).toBe(true);
  });

  it('reprojects from national grids, and leaves out layers of an unknown srs with the reason', () => {
    const changes = read(file('map.diff'), file('map-edited.gpkg'));
    const polygon = featuresOf(changes, 'polygons_5514', 1);
    expect(polygon).toHaveLength(1);
    expect(polygon[0]!.properties.changes).toEqual([
      { name: 'fid', old: 1 },
      { name: 'area_class', old: expect.any(String), new: 'wetland' },
    ]);
    // Its geometry did not change: read from the file, reprojected from the Krovak grid.
    expect(positionsOf(polygon[0]!).every((position) => near(position, BRNO, 0.05))).toBe(true);
    const line = featuresOf(changes, 'lines_27700', 1);
    expect(line.map((feature) => feature.properties.change)).toEqual(['delete']);
    expect(positionsOf(line[0]!).some((position) => near(position, LONDON, 1e-3))).toBe(true);
    const unknown = changes.layers.find((layer) => layer.table === 'points_unknown_srs')!;
    expect(unknown.update).toBe(1);
    expect(unknown.error).toMatch(/^Unknown spatial reference system \d+/);
    expect(changes.features.some((feature) => feature.properties.layer === 'points_unknown_srs')).toBe(false);
  });

  it('refuses past its size limit', () => {
    expect(() => read(file('survey.diff'), path.join(GPKG_DIFF_FIXTURES, 'modified.gpkg'), 1000)).toThrow(
      new MapTooLargeError(MAP_TEXTS.changesTooLarge('survey.gpkg', 'v2', 1000)),
    );
  });
});
