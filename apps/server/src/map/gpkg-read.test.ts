import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGeometry, decodeLonLat, decodeMapped, reproject } from './gpkg-geometry.ts';
import { layerRows } from './gpkg-read.ts';
import {
  IDENTITY,
  registryDatumShift,
  safely,
  transformFor,
  unitOfLonLat,
  unitTransform,
  type Point2,
} from './srs-transform.ts';
import { windowTransform } from './window-transform.ts';
import { gpkg, wkb } from '@waymark/gpkg-diff/testing/geometry-blobs';

/**
 * Datum shifts (decision 015): map.gpkg was made by ogr2ogr (GDAL 3.6, PROJ) from lon/lat places; GDAL writes the
 * national grids' WKT without TOWGS84, so proj4js alone would put the Krovak polygons about 100 m off.
 */
const MAP_GPKG = path.resolve(import.meta.dirname, '../../test/fixtures/map/map.gpkg');
/** polygons.csv's first vertex (lon/lat) and lines.csv's, as ogr2ogr was given them. */
const BRNO_SQUARE: Point2 = [16.6, 49.19];
const THAMES_WALK: Point2 = [-0.1276, 51.5072];

let work: string;
let db: Database.Database;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'waymark-datum-'));
  copyFileSync(MAP_GPKG, path.join(work, 'map.gpkg'));
  db = new Database(path.join(work, 'map.gpkg'));
});
afterAll(() => {
  db.close();
  rmSync(work, { recursive: true, force: true });
});

/** Metres between two lon/lat points (near enough for tens of metres). */
function metres(a: Point2, b: Point2): number {
  const dx = (a[0] - b[0]) * 111_320 * Math.cos((b[1] * Math.PI) / 180);
  const dy = (a[1] - b[1]) * 110_540;
  return Math.hypot(dx, dy);
}

/** The first position of row `fid` of `table` in the layer's own coordinates. */
function firstPosition(table: string, fid = 1): Point2 {
  const blob = db.prepare(`SELECT geom FROM ${table} WHERE fid = ?`).pluck().get(fid);
  const text = JSON.stringify(decodeGeometry(blob));
  const [x, y] = /\[(-?[\d.e+-]+),(-?[\d.e+-]+)/.exec(text)!.slice(1).map(Number) as [number, number];
  return [x, y];
}

describe('datum shifts of national grids', () => {
  it('takes the EPSG registry’s shift where the file’s definition has none: Krovak within metres', () => {
    expect(registryDatumShift(5514)).toContain('+towgs84=589,76,480');
    const krovak = transformFor(db, 5514).forward(firstPosition('polygons_5514'));
    // Without the shift the same vertex lands 117 m away.
    expect(metres(krovak, BRNO_SQUARE)).toBeLessThan(10);
  });

  it('keeps the file’s definition where the registry has only a grid file proj4js cannot load', () => {
    // EPSG:27700's registry entry shifts with the OSTN15 grid; proj4js knows the OSGB36 datum's Helmert itself.
    expect(registryDatumShift(27700)).toBeUndefined();
    expect(metres(transformFor(db, 27700).forward(firstPosition('lines_27700')), THAMES_WALK)).toBeLessThan(
      1,
    );
  });

  it('keeps a shift the file names itself, and reads codes the file leaves undefined from the registry', () => {
    const position = firstPosition('polygons_5514');
    db.prepare(
      "INSERT INTO gpkg_spatial_ref_sys (srs_name, srs_id, organization, organization_coordsys_id, definition) VALUES ('own shift', 990100, 'EPSG', 5514, ?), ('no definition', 990101, 'EPSG', 5514, 'undefined')",
    ).run(
      '+proj=krovak +lat_0=49.5 +lon_0=24.8333333333333 +alpha=30.2881397527778 +k=0.9999 +x_0=0 +y_0=0 +ellps=bessel +towgs84=570.8,85.7,462.8,4.998,1.587,5.261,3.56 +units=m +no_defs',
    );
    const own = transformFor(db, 990100).forward(position);
    const registry = transformFor(db, 5514).forward(position);
    expect(metres(own, BRNO_SQUARE)).toBeLessThan(10);
    expect(own).not.toEqual(registry);
    expect(transformFor(db, 990101).forward(position)).toEqual(registry);
  });

  it('asks the registry nothing for codes it does not have, or that shift nothing', () => {
    expect(registryDatumShift(4326)).toBeUndefined();
    expect(registryDatumShift(3035)).toBeUndefined(); // ETRS89: +towgs84=0,0,0,…
    expect(registryDatumShift(990001)).toBeUndefined();
    expect(registryDatumShift(-1)).toBeUndefined();
  });
});

describe('reprojecting a tile’s window on a grid of exact points', () => {
  /** Brno's z11 tile in Krovak metres (about 13 km across), and every point of a 50×50 raster over it. */
  const window = { minX: -605_000, minY: -1_167_000, maxX: -592_000, maxY: -1_154_000 };
  const raster: Point2[] = [];
  for (let i = 0; i <= 50; i++) {
    for (let j = 0; j <= 50; j++) {
      raster.push([window.minX + (i / 50) * 13_000, window.minY + (j / 50) * 13_000]);
    }
  }

  /** The largest difference between two transforms' answers over the raster. */
  function worstOver(a: (p: Point2) => Point2, b: (p: Point2) => Point2): number {
    let worst = 0;
    for (const point of raster) {
      const [p, q] = [a(point), b(point)];
      worst = Math.max(worst, Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]));
    }
    return worst;
  }

  it('stays within the tolerance of proj4 everywhere in the window, and is exact outside it', () => {
    const exact = transformFor(db, 5514);
    const tolerance = 1e-7; // degrees: ~1 cm, a twentieth of a z11 tile unit is ~3e-6
    const grid = windowTransform(exact, window, tolerance, 0);
    const worst = worstOver(grid.forward, exact.forward);
    expect(worst).toBeGreaterThan(0); // interpolated
    expect(worst).toBeLessThan(2 * tolerance);
    const outside: Point2 = [window.maxX + 5_000, window.minY];
    expect(grid.forward(outside)).toEqual(exact.forward(outside));
  });

  it('transforms exactly the first points, and all when no grid is fine enough; lon/lat as it is', () => {
    const exact = transformFor(db, 5514);
    expect(worstOver(windowTransform(exact, window, 1e-7, raster.length).forward, exact.forward)).toBe(0);
    expect(worstOver(windowTransform(exact, window, 1e-15, 0).forward, exact.forward)).toBe(0);
    const identity = transformFor(db, 4326);
    expect(windowTransform(identity, window, 1e-7)).toBe(identity);
  });
});

describe('reading a tile’s geometries in one pass', () => {
  /** GeoJSON with every position cut to x/y (a tile has no Z or M). */
  const flat = (value: unknown): unknown =>
    Array.isArray(value) && typeof value[0] === 'number'
      ? value.slice(0, 2)
      : Array.isArray(value)
        ? value.map(flat)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, flat(inner)]))
          : value;

  it('answers what OpenLayers answers for every geometry ogr2ogr wrote (Z/M, multi-, empty, NULL), in 2D', () => {
    let compared = 0;
    for (const layer of layerRows(db)) {
      if (!layer.column_name || layer.srs_id === null) continue;
      const transform = safely(() => transformFor(db, layer.srs_id!));
      if (!transform) continue; // the layer of an unknown srs
      const blobs = db
        .prepare(`SELECT "${layer.column_name}" FROM "${layer.table_name}"`)
        .pluck()
        .all() as unknown[];
      for (const blob of blobs) {
        const native = decodeGeometry(blob);
        const expected = native && (transform.identity ? native : reproject(native, transform));
        expect(flat(decodeLonLat(blob, transform))).toEqual(flat(expected));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect(decodeLonLat(null, IDENTITY)).toBeUndefined();
  });
});

describe('collections and curves (the library reader)', () => {
  /** A GeoPackage blob (no envelope, srs 4326) of little-endian ISO WKB parts: [type, counts, coordinates]. */
  const blob = (...parts: [number, number[], number[]][]): Buffer =>
    gpkg(Buffer.concat(parts.map(([type, counts, body]) => wkb(type, body, counts))));
  const collection = blob(
    [1007, [2], []],
    [1001, [], [16.6, 49.2, 237]],
    [1002, [2], [16.6, 49.2, 1, 16.7, 49.3, 2]],
  );

  it('answers a collection with its Z as it is, and mapped position by position in 2D', () => {
    expect(decodeGeometry(collection)).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [16.6, 49.2, 237] },
        {
          type: 'LineString',
          coordinates: [
            [16.6, 49.2, 1],
            [16.7, 49.3, 2],
          ],
        },
      ],
    });
    // Doubling and halving are exact in floating point.
    expect(decodeMapped(collection, ([x, y]) => [x * 2, y / 2])).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [33.2, 24.6] },
        {
          type: 'LineString',
          coordinates: [
            [33.2, 24.6],
            [33.4, 24.65],
          ],
        },
      ],
    });
    expect(decodeLonLat(collection, IDENTITY)).toEqual(decodeGeometry(collection));
    expect(decodeMapped(collection, () => undefined)).toBeUndefined();
  });

  it('draws no curves (wkx read none either) and no collection of nothing but empty points', () => {
    const curve = blob([8, [3], [0, 0, 1, 1, 2, 0]]);
    expect(decodeGeometry(curve)).toBeUndefined();
    expect(decodeLonLat(curve, IDENTITY)).toBeUndefined();
    expect(decodeGeometry(blob([7, [1], []], [1, [], [NaN, NaN]]))).toBeUndefined();
    expect(decodeGeometry(blob([7, [0], []]))).toBeUndefined();
  });
});

describe('reading a tile’s geometries straight into Web Mercator’s unit square', () => {
  it('puts lon/lat where geojson-vt does: Greenwich and the equator in the middle, y growing southwards', () => {
    expect(unitOfLonLat(0, 0)).toEqual([0.5, 0.5]);
    expect(unitOfLonLat(-180, 85.0511287798066)[0]).toBe(0);
    expect(unitOfLonLat(-180, 85.0511287798066)[1]).toBeCloseTo(0, 12);
    expect(unitOfLonLat(180, -85.0511287798066)[1]).toBeCloseTo(1, 12);
    // Beyond Web Mercator's latitudes: on the square's edge (geojson-vt's clamp).
    expect(unitOfLonLat(10, 90)).toEqual([10 / 360 + 0.5, 0]);
    expect(unitOfLonLat(10, -90)).toEqual([10 / 360 + 0.5, 1]);
    const [, brno] = unitOfLonLat(16.6, 49.19);
    expect(brno).toBeGreaterThan(0.3);
    expect(brno).toBeLessThan(0.5);
  });

  it('answers for every layer what its lon/lat answer would be, in one pass (lon/lat, 3857, 27700, 5514)', () => {
    let compared = 0;
    for (const layer of layerRows(db)) {
      if (!layer.column_name || layer.srs_id === null) continue;
      const transform = safely(() => transformFor(db, layer.srs_id!));
      if (!transform) continue; // the layer of an unknown srs
      const unit = unitTransform(transform);
      const map = (point: Point2) => {
        const out = unit.forward(point);
        return Number.isFinite(out[0]) && Number.isFinite(out[1]) ? out : undefined;
      };
      const blobs = db
        .prepare(`SELECT "${layer.column_name}" FROM "${layer.table_name}"`)
        .pluck()
        .all() as unknown[];
      for (const blob of blobs) {
        const lonLat = decodeLonLat(blob, transform);
        const expected =
          lonLat && reproject(lonLat, { ...IDENTITY, forward: ([x, y]) => unitOfLonLat(x, y) });
        const got = decodeMapped(blob, map);
        expect(got?.type).toBe(expected?.type);
        const flat = (value: unknown): number[] =>
          Array.isArray(value) ? value.flatMap(flat) : [Number(value)];
        const [a, b] = [
          flat((got as { coordinates?: unknown })?.coordinates ?? []),
          flat((expected as { coordinates?: unknown })?.coordinates ?? []),
        ];
        expect(a).toHaveLength(b.length);
        // Within a millionth of a z20 tile unit of the same point.
        for (let i = 0; i < a.length; i++)
          expect(Math.abs(a[i]! - b[i]!)).toBeLessThan(1e-15 + 1e-6 / 2 ** 32);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('interpolates a national grid within a twentieth of a tile unit, as the lon/lat grid did', () => {
    const window = { minX: -605_000, minY: -1_167_000, maxX: -592_000, maxY: -1_154_000 };
    const exact = unitTransform(transformFor(db, 5514));
    const tolerance = 0.05 / (2 ** 11 * 4096); // Brno's z11 tile
    const grid = windowTransform(exact, window, tolerance, 0);
    let worst = 0;
    for (let i = 0; i <= 50; i++) {
      for (let j = 0; j <= 50; j++) {
        const point: Point2 = [window.minX + (i / 50) * 13_000, window.minY + (j / 50) * 13_000];
        const [p, q] = [grid.forward(point), exact.forward(point)];
        worst = Math.max(worst, Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]));
      }
    }
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThan(2 * tolerance);
  });
});
