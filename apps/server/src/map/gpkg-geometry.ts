import { parseGpkgHeader, wkbToGeoJson, wkbToGeoJsonGeometry } from '@waymark/gpkg-diff';
import type { Geometry, Position } from 'geojson';
import type { Point2, Transform } from './srs-transform.ts';

/**
 * GeoPackage geometry blobs as GeoJSON: in their own coordinates, or taken through a transform in the same pass
 * (EPSG:4326 for features, Web Mercator's unit square for tiles).
 */

/** A GeoJSON geometry with every position taken through `transform` (2D: Z and M dropped). */
export function reproject(geometry: Geometry, transform: Transform): Geometry | undefined {
  let ok = true;
  const point = (position: Position): Position => {
    const out = transform.forward([position[0]!, position[1]!]);
    if (!Number.isFinite(out[0]) || !Number.isFinite(out[1])) ok = false;
    return [out[0], Math.max(-90, Math.min(90, out[1]))];
  };
  const walk = (g: Geometry): Geometry => {
    switch (g.type) {
      case 'Point':
        return { type: 'Point', coordinates: point(g.coordinates) };
      case 'MultiPoint':
      case 'LineString':
        return { type: g.type, coordinates: g.coordinates.map(point) } as Geometry;
      case 'MultiLineString':
      case 'Polygon':
        return { type: g.type, coordinates: g.coordinates.map((ring) => ring.map(point)) } as Geometry;
      case 'MultiPolygon':
        return {
          type: 'MultiPolygon',
          coordinates: g.coordinates.map((polygon) => polygon.map((ring) => ring.map(point))),
        };
      case 'GeometryCollection':
        return { type: 'GeometryCollection', geometries: g.geometries.map(walk) };
    }
  };
  const out = walk(geometry);
  return ok ? out : undefined;
}

/**
 * A GeoPackage geometry blob as GeoJSON in its own coordinates (Z kept, M left out); undefined when NULL, empty,
 * unreadable or a curve (curves are not drawn).
 */
export function decodeGeometry(blob: unknown): Geometry | undefined {
  if (!(blob instanceof Uint8Array)) return undefined;
  const header = parseGpkgHeader(blob);
  if (!header || header.isEmpty) return undefined;
  const geometry = wkbToGeoJsonGeometry(blob.subarray(header.wkbOffset));
  if (!geometry || isEmptyGeometry(geometry)) return undefined;
  return geometry;
}

/**
 * A GeoPackage geometry blob as GeoJSON in EPSG:4326 (2D), read and reprojected in one pass (measured with wkx: a
 * library's reader and a second walk for reprojection cost ~3× more); collections go through `decodeGeometry`.
 * Undefined when NULL, empty, unreadable, a curve or not reprojectable.
 */
export function decodeLonLat(blob: unknown, transform: Transform): Geometry | undefined {
  if (transform.identity) return decodeMapped(blob, undefined);
  return decodeMapped(blob, (point) => {
    const out = transform.forward(point);
    if (!Number.isFinite(out[0]) || !Number.isFinite(out[1])) return undefined;
    return out[1] > 90 || out[1] < -90 ? [out[0], Math.max(-90, Math.min(90, out[1]))] : out;
  });
}

/**
 * A GeoPackage geometry blob as GeoJSON (2D) with every position taken through `map` in the same pass (none: as it
 * is); collections go through `decodeGeometry`. Undefined when NULL, empty, unreadable, a curve or when `map`
 * refuses a position (answers undefined).
 */
export function decodeMapped(
  blob: unknown,
  map: ((point: Point2) => Point2 | undefined) | undefined,
): Geometry | undefined {
  if (!(blob instanceof Uint8Array)) return undefined;
  const header = parseGpkgHeader(blob);
  if (!header || header.isEmpty) return undefined;
  const geometry = wkbToGeoJson(blob.subarray(header.wkbOffset), map && ((x, y) => map([x, y])));
  if (geometry !== 'other') return geometry as Geometry | undefined;
  const native = decodeGeometry(blob);
  if (!native || !map) return native;
  return reproject(native, {
    forward: (point) => map(point) ?? [NaN, NaN],
    inverse: (point) => point,
    identity: false,
  });
}

function isEmptyGeometry(geometry: Geometry): boolean {
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates.length < 2 || geometry.coordinates.some((value) => Number.isNaN(value));
    case 'GeometryCollection':
      return geometry.geometries.every(isEmptyGeometry);
    default:
      return geometry.coordinates.length === 0;
  }
}
