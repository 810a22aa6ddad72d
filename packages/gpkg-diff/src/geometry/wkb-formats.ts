import type { Geometry, Position } from 'geojson';
import GeoJSON from 'ol/format/GeoJSON.js';
import WKB from 'ol/format/WKB.js';
import WKT from 'ol/format/WKT.js';
import type OlGeometry from 'ol/geom/Geometry.js';
import GeometryCollection from 'ol/geom/GeometryCollection.js';
import Point from 'ol/geom/Point.js';
import SimpleGeometry from 'ol/geom/SimpleGeometry.js';
import { wkbType } from './gpkg-geometry.ts';

/**
 * WKB as WKT (the detail list of changes) and as GeoJSON (the map), read and written by OpenLayers' format modules:
 * ISO WKB and EWKB, Z and M, the multi- types and collections; this file only adapts their output.
 */

/**
 * The types read: the seven simple feature types. OpenLayers reads no curves, and would read a TIN, a polyhedral
 * surface or a triangle as (multi)polygons, which they are not.
 */
const SIMPLE_TYPES = new Set([
  'POINT',
  'LINESTRING',
  'POLYGON',
  'MULTIPOINT',
  'MULTILINESTRING',
  'MULTIPOLYGON',
  'GEOMETRYCOLLECTION',
]);

const wkbFormat = new WKB();
const wktFormat = new WKT();
const geoJsonFormat = new GeoJSON();

/**
 * OpenLayers writes a dimension tag straight against its parenthesis (`POINT Z(1 2 3)`); GEOS (the reference
 * Mergin server's shapely), GDAL and PostGIS, and wkx before, put a space there (`POINT Z (1 2 3)`).
 */
const TAG_AGAINST_PARENTHESIS = / (ZM|Z|M)\(/g;

function readSimpleFeature(wkb: Uint8Array): OlGeometry | undefined {
  if (!SIMPLE_TYPES.has(wkbType(wkb)?.name ?? '')) return undefined;
  try {
    return wkbFormat.readGeometry(wkb) ?? undefined;
  } catch {
    return undefined; // ends early, or a part of a type it does not read
  }
}

/**
 * A WKB geometry as WKT (`POINT(16.6 49.2)`, `POINT Z (1 2 3)`, `MULTIPOINT((1 2),(3 4))`), an empty point (NaN
 * coordinates) as `POINT EMPTY`; undefined when it is not valid WKB of the simple feature types.
 */
export function wkbToWkt(wkb: Uint8Array): string | undefined {
  const geometry = readSimpleFeature(wkb);
  if (!geometry) return undefined;
  if (geometry instanceof Point && Number.isNaN(geometry.getFlatCoordinates()[0])) return 'POINT EMPTY';
  let wkt = wktFormat.writeGeometry(geometry);
  // OpenLayers tags a collection's parts, not the collection; it reads only collections whose parts share its tag.
  const tag = wkbType(wkb)?.tag;
  if (geometry instanceof GeometryCollection && tag) {
    wkt = wkt.replaceAll('GEOMETRYCOLLECTION', `GEOMETRYCOLLECTION ${tag}`);
  }
  return wkt.replace(TAG_AGAINST_PARENTHESIS, ' $1 (');
}

/**
 * A WKB geometry as GeoJSON in its own coordinates, Z kept and M left out (GeoJSON has no M); undefined when it is
 * not valid WKB of the simple feature types. An empty point has NaN coordinates.
 */
export function wkbToGeoJsonGeometry(wkb: Uint8Array): Geometry | undefined {
  const geometry = readSimpleFeature(wkb);
  return geometry && toGeoJson(geometry);
}

function toGeoJson(geometry: OlGeometry): Geometry {
  if (geometry instanceof GeometryCollection) {
    return { type: 'GeometryCollection', geometries: geometry.getGeometriesArray().map(toGeoJson) };
  }
  const json = geoJsonFormat.writeGeometryObject(geometry) as Exclude<
    Geometry,
    { type: 'GeometryCollection' }
  >;
  const layout = geometry instanceof SimpleGeometry ? geometry.getLayout() : 'XY';
  if (layout !== 'XYM' && layout !== 'XYZM') return json;
  const dimensions = layout === 'XYZM' ? 3 : 2;
  return { ...json, coordinates: withoutM(json.coordinates, dimensions) } as Geometry;
}

/** Nested GeoJSON coordinates with each position cut to its first `dimensions` values. */
function withoutM(coordinates: unknown, dimensions: number): unknown {
  const values = coordinates as unknown[];
  return typeof values[0] === 'number'
    ? (values as Position).slice(0, dimensions)
    : values.map((inner) => withoutM(inner, dimensions));
}
