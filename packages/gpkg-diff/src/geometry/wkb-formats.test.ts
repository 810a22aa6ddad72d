import { describe, expect, it } from 'vitest';
import { wkb } from '../testing/geometry-blobs.ts';
import { wkbType } from './gpkg-geometry.ts';
import { wkbToGeoJsonGeometry, wkbToWkt } from './wkb-formats.ts';

const pointZ = wkb(1001, [1, 2, 3]);
const pointM = wkb(2001, [1, 2, 4]);
const pointZM = wkb(3001, [1, 2, 3, 4]);
const polygonM = wkb(2003, [0, 0, 1, 2, 0, 2, 2, 3, 3, 0, 0, 1], [1, 4]);
const ewkbLineZ = wkb(0x80000002, [0, 0, 1, 4, 4, 2], [2]);
const multiPoint = Buffer.concat([wkb(4, [], [2]), wkb(1, [1, 2]), wkb(1, [3, 4])]);
const multiLineZ = Buffer.concat([wkb(1005, [], [1]), wkb(1002, [0, 0, 5, 1, 1, 6], [2])]);
const collection = Buffer.concat([wkb(7, [], [2]), wkb(1, [1, 2]), wkb(2, [0, 0, 1, 1], [2])]);
const collectionZM = Buffer.concat([
  wkb(3007, [], [2]),
  wkb(3001, [1, 2, 3, 4]),
  wkb(3002, [0, 0, 5, 6, 1, 1, 7, 8], [2]),
]);
const nested = Buffer.concat([wkb(7, [], [1]), wkb(7, [], [1]), wkb(1, [5, 6])]);

describe('wkbType', () => {
  it('names the type and tags its dimensions from ISO codes and EWKB flags', () => {
    expect(wkbType(wkb(1, [1, 2]))).toEqual({ name: 'POINT', tag: '' });
    expect(wkbType(pointZ)).toEqual({ name: 'POINT', tag: 'Z' });
    expect(wkbType(pointM)).toEqual({ name: 'POINT', tag: 'M' });
    expect(wkbType(collectionZM)).toEqual({ name: 'GEOMETRYCOLLECTION', tag: 'ZM' });
    expect(wkbType(ewkbLineZ)).toEqual({ name: 'LINESTRING', tag: 'Z' });
    expect(wkbType(wkb(0xc0000001, [1, 2, 3, 4]))).toEqual({ name: 'POINT', tag: 'ZM' });
    expect(wkbType(wkb(99, []))).toBeUndefined();
    expect(wkbType(Buffer.from([1, 1]))).toBeUndefined();
  });
});

describe('wkbToWkt', () => {
  it('writes Z and M as wkx did: the tag spaced from its parenthesis, collections tagged too', () => {
    expect(wkbToWkt(pointZ)).toBe('POINT Z (1 2 3)');
    expect(wkbToWkt(pointM)).toBe('POINT M (1 2 4)');
    expect(wkbToWkt(pointZM)).toBe('POINT ZM (1 2 3 4)');
    expect(wkbToWkt(polygonM)).toBe('POLYGON M ((0 0 1,2 0 2,2 3 3,0 0 1))');
    expect(wkbToWkt(ewkbLineZ)).toBe('LINESTRING Z (0 0 1,4 4 2)');
    expect(wkbToWkt(multiLineZ)).toBe('MULTILINESTRING Z ((0 0 5,1 1 6))');
    expect(wkbToWkt(collection)).toBe('GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1))');
    expect(wkbToWkt(collectionZM)).toBe(
      'GEOMETRYCOLLECTION ZM (POINT ZM (1 2 3 4),LINESTRING ZM (0 0 5 6,1 1 7 8))',
    );
    expect(wkbToWkt(nested)).toBe('GEOMETRYCOLLECTION(GEOMETRYCOLLECTION(POINT(5 6)))');
    expect(wkbToWkt(wkb(7, [], [0]))).toBe('GEOMETRYCOLLECTION EMPTY');
  });

  it('writes a multipoint’s points in parentheses, as Simple Features 1.2.1 does (wkx wrote MULTIPOINT(1 2,3 4))', () => {
    expect(wkbToWkt(multiPoint)).toBe('MULTIPOINT((1 2),(3 4))');
  });

  it('writes an empty point (NaN coordinates) as POINT EMPTY, in any dimension', () => {
    expect(wkbToWkt(wkb(1, [NaN, NaN]))).toBe('POINT EMPTY');
    expect(wkbToWkt(wkb(1001, [NaN, NaN, NaN]))).toBe('POINT EMPTY');
  });

  it('answers nothing for curves, surfaces read as polygons, unknown types and broken WKB', () => {
    for (const type of [8, 9, 10, 11, 12, 15, 16, 17, 1008, 99]) {
      expect(wkbToWkt(wkb(type, [], [0]))).toBeUndefined();
    }
    expect(wkbToWkt(Buffer.concat([wkb(7, [], [1]), wkb(8, [0, 0, 1, 1, 2, 0], [3])]))).toBeUndefined();
    expect(wkbToWkt(wkb(2, [0, 0], [2]))).toBeUndefined(); // ends early
    expect(wkbToWkt(Buffer.from([1, 1, 0]))).toBeUndefined();
  });
});

describe('wkbToGeoJsonGeometry', () => {
  it('keeps Z and leaves M out, as wkx did (GeoJSON has no M)', () => {
    expect(wkbToGeoJsonGeometry(pointZ)).toEqual({ type: 'Point', coordinates: [1, 2, 3] });
    expect(wkbToGeoJsonGeometry(pointM)).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(wkbToGeoJsonGeometry(pointZM)).toEqual({ type: 'Point', coordinates: [1, 2, 3] });
    expect(wkbToGeoJsonGeometry(polygonM)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 3],
          [0, 0],
        ],
      ],
    });
    expect(wkbToGeoJsonGeometry(multiLineZ)).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0, 5],
          [1, 1, 6],
        ],
      ],
    });
  });

  it('reads collections, nested ones too, each part in its dimensions', () => {
    expect(wkbToGeoJsonGeometry(collectionZM)).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [1, 2, 3] },
        {
          type: 'LineString',
          coordinates: [
            [0, 0, 5],
            [1, 1, 7],
          ],
        },
      ],
    });
    expect(wkbToGeoJsonGeometry(nested)).toEqual({
      type: 'GeometryCollection',
      geometries: [{ type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [5, 6] }] }],
    });
    expect(wkbToGeoJsonGeometry(multiPoint)).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
  });

  it('gives an empty point NaN coordinates, and nothing for curves and broken WKB', () => {
    expect(wkbToGeoJsonGeometry(wkb(1, [NaN, NaN]))).toEqual({ type: 'Point', coordinates: [NaN, NaN] });
    expect(wkbToGeoJsonGeometry(wkb(8, [0, 0, 1, 1, 2, 0], [3]))).toBeUndefined();
    expect(wkbToGeoJsonGeometry(wkb(16, [], [0]))).toBeUndefined();
    expect(wkbToGeoJsonGeometry(wkb(2, [0, 0], [2]))).toBeUndefined();
  });
});
