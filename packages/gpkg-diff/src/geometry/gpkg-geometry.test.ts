import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { displayValue, geometryToWkt } from '../changes/read-changes.ts';
import { gpkg, wkb } from '../testing/geometry-blobs.ts';
import { isAssignable, registerGpkgFunctions } from './gpkg-functions.ts';
import {
  gpkgEnvelope,
  gpkgGeometryTypeName,
  gpkgWkb,
  parseGpkgHeader,
  wkbEnvelope,
  wkbToGeoJson,
} from './gpkg-geometry.ts';

const point = wkb(1, [16.5, 49.25]);
const line = wkb(2, [0, 0, 10, -5, 3, 7], [3]);

describe('GeoPackage geometry blobs', () => {
  it('reads the header: srs id, empty flag, envelope in either byte order, where the WKB starts', () => {
    expect(parseGpkgHeader(gpkg(point, { srsId: 3857 }))).toEqual({
      srsId: 3857,
      isEmpty: false,
      wkbOffset: 8,
    });
    expect(parseGpkgHeader(gpkg(line, { envelope: [0, 10, -5, 7], bigEndian: true }))).toEqual({
      srsId: 4326,
      isEmpty: false,
      wkbOffset: 40,
      envelope: { minX: 0, maxX: 10, minY: -5, maxY: 7 },
    });
    expect(parseGpkgHeader(Buffer.from('not a geometry'))).toBeUndefined();
    expect(Buffer.from(gpkgWkb(gpkg(line, { envelope: [0, 10, -5, 7] }))!).equals(line)).toBe(true);
  });

  it('computes the envelope from the WKB when the header has none (points, Z, multi, EWKB)', () => {
    expect(gpkgEnvelope(gpkg(point))).toEqual({ minX: 16.5, maxX: 16.5, minY: 49.25, maxY: 49.25 });
    expect(gpkgEnvelope(gpkg(line))).toEqual({ minX: 0, maxX: 10, minY: -5, maxY: 7 });
    const pointZ = wkb(1001, [1, 2, 300]);
    expect(wkbEnvelope(pointZ)).toEqual({ minX: 1, maxX: 1, minY: 2, maxY: 2 });
    const multi = Buffer.concat([wkb(4, [], [2]), wkb(1, [5, 6]), wkb(1, [-1, 9])]);
    expect(wkbEnvelope(multi)).toEqual({ minX: -1, maxX: 5, minY: 6, maxY: 9 });
    const ewkbZ = wkb(0x80000002, [0, 0, 1, 4, 4, 2], [2]);
    expect(wkbEnvelope(ewkbZ)).toEqual({ minX: 0, maxX: 4, minY: 0, maxY: 4 });
    const polygon = wkb(3, [0, 0, 2, 0, 2, 3, 0, 0], [1, 4]);
    expect(wkbEnvelope(polygon)).toEqual({ minX: 0, maxX: 2, minY: 0, maxY: 3 });
  });

  it('prefers the header envelope, and has none for empty, NaN or broken geometries', () => {
    expect(gpkgEnvelope(gpkg(point, { envelope: [1, 2, 3, 4] }))).toEqual({
      minX: 1,
      maxX: 2,
      minY: 3,
      maxY: 4,
    });
    expect(gpkgEnvelope(gpkg(wkb(1, [NaN, NaN]), { isEmpty: true }))).toBeUndefined();
    expect(gpkgEnvelope(gpkg(wkb(1, [NaN, NaN])))).toBeUndefined();
    expect(gpkgEnvelope(gpkg(line.subarray(0, 20)))).toBeUndefined();
    expect(gpkgEnvelope(gpkg(wkb(99, [1, 2])))).toBeUndefined();
  });

  it('names the geometry type', () => {
    expect(gpkgGeometryTypeName(gpkg(point))).toBe('POINT');
    expect(gpkgGeometryTypeName(gpkg(wkb(3006, [], [0])))).toBe('MULTIPOLYGON');
  });

  it('shows geometry as WKT, and undecodable geometry as base64', () => {
    expect(geometryToWkt(gpkg(point))).toBe('POINT(16.5 49.25)');
    expect(geometryToWkt(gpkg(line, { envelope: [0, 10, -5, 7] }))).toBe('LINESTRING(0 0,10 -5,3 7)');
    expect(geometryToWkt(gpkg(wkb(1001, [1, 2, 3])))).toBe('POINT Z (1 2 3)');
    expect(geometryToWkt(gpkg(wkb(1, [NaN, NaN]), { isEmpty: true }))).toBe('POINT EMPTY');
    expect(geometryToWkt(gpkg(wkb(1, [NaN, NaN])))).toBe('POINT EMPTY');
    expect(geometryToWkt(gpkg(wkb(2, [], [0]), { isEmpty: true }))).toBe('LINESTRING EMPTY');
    const curve = gpkg(wkb(8, [0, 0, 1, 1, 2, 0], [3]));
    expect(displayValue(curve, true)).toBe(curve.toString('base64'));
    expect(displayValue(Buffer.from('GPxx'), true)).toBe(Buffer.from('GPxx').toString('base64'));
  });

  it('shows integers within 2^53 as numbers and larger ones as exact text', () => {
    expect(displayValue(42n, false)).toBe(42);
    expect(displayValue(-(2n ** 53n) + 1n, false)).toBe(-9007199254740991);
    expect(displayValue(2n ** 63n - 1n, false)).toBe('9223372036854775807');
    expect(displayValue(null, false)).toBeNull();
    expect(displayValue(Buffer.from([1, 2, 3]), false)).toBe('AQID');
  });
});

describe('SQL functions of GeoPackage triggers', () => {
  const db = new Database(':memory:');
  registerGpkgFunctions(db);
  const call = (sql: string, ...params: unknown[]): unknown =>
    db
      .prepare(`SELECT ${sql}`)
      .pluck()
      .get(...params);

  it('read the envelope and the empty flag as GDAL does, NULL for NULL or invalid blobs', () => {
    const blob = gpkg(line);
    expect([
      call('ST_MinX(?)', blob),
      call('ST_MaxX(?)', blob),
      call('ST_MinY(?)', blob),
      call('ST_MaxY(?)', blob),
    ]).toEqual([0, 10, -5, 7]);
    expect(call('ST_IsEmpty(?)', blob)).toBe(0);
    expect(call('ST_IsEmpty(?)', gpkg(wkb(1, [NaN, NaN]), { isEmpty: true }))).toBe(1);
    expect(call('ST_MinX(?)', null)).toBeNull();
    expect(call('ST_MinX(?)', Buffer.from('junk'))).toBeNull();
    expect(call('ST_IsEmpty(?)', 'text')).toBeNull();
    expect(call('ST_SRID(?)', gpkg(point, { srsId: 3857 }))).toBe(3857);
    expect(call('ST_GeometryType(?)', gpkg(point))).toBe('POINT');
  });

  it('tell which geometry types a column accepts', () => {
    expect(call(`GPKG_IsAssignable('GEOMETRY', 'POLYGON')`)).toBe(1);
    expect(call(`GPKG_IsAssignable('POINT', 'POINT')`)).toBe(1);
    expect(call(`GPKG_IsAssignable('POINT', 'LINESTRING')`)).toBe(0);
    expect(isAssignable('MULTISURFACE', 'MULTIPOLYGON')).toBe(true);
    expect(isAssignable('CURVE', 'LINESTRING')).toBe(true);
    expect(isAssignable('MULTIPOINT', 'POINT')).toBe(false);
  });
});

describe('wkbToGeoJson', () => {
  it('reads the simple feature types, Z and M left out, each position mapped', () => {
    expect(wkbToGeoJson(wkb(1001, [1, 2, 3]))).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(wkbToGeoJson(wkb(2, [0, 0, 1, 1], [2]), (x, y) => [x + 10, y * 2])).toEqual({
      type: 'LineString',
      coordinates: [
        [10, 0],
        [11, 2],
      ],
    });
    const square = wkb(3003, [0, 0, 9, 9, 1, 0, 9, 9, 1, 1, 9, 9, 0, 0, 9, 9], [1, 4]);
    expect(wkbToGeoJson(Buffer.concat([wkb(6, [], [1]), square]))).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    });
  });

  it('answers nothing for empty and broken geometries, and "other" for collections', () => {
    expect(wkbToGeoJson(wkb(1, [NaN, NaN]))).toBeUndefined();
    expect(wkbToGeoJson(wkb(4, [], [0]))).toBeUndefined();
    expect(wkbToGeoJson(wkb(2, [0, 0], [2]))).toBeUndefined(); // ends early
    expect(wkbToGeoJson(wkb(2, [0, 0, 1, 1], [2]), () => undefined)).toBeUndefined();
    expect(wkbToGeoJson(Buffer.concat([wkb(7, [], [1]), wkb(1, [1, 2])]))).toBe('other');
  });
});
