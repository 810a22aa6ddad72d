import type { Envelope } from '@waymark/gpkg-diff';
import { MAP_TEXTS } from '@waymark/contract/map-constants';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import proj4, { type Converter } from 'proj4';
import { MapLayerError } from './gpkg-read.ts';

/**
 * The srs of a layer as a proj4 transform to EPSG:4326 (with the EPSG registry's datum shift where the file has
 * none, decision 015), Web Mercator's unit square that tiles are cut in, and the boxes and points transforms take.
 */

export type Point2 = [number, number];
/**
 * From a layer's coordinates to EPSG:4326 lon/lat, and back; `identity` when the layer is in lon/lat, `mercator`
 * when it is in Web Mercator (EPSG:3857: a tile's grid is then linear in its coordinates).
 */
export type Transform = {
  forward: (point: Point2) => Point2;
  inverse: (point: Point2) => Point2;
  identity: boolean;
  mercator?: boolean;
};

export const IDENTITY: Transform = { forward: (p) => p, inverse: (p) => p, identity: true };
/** Latitudes Web Mercator can show. */
export const MAX_LATITUDE = 85.0511287798066;
/** Half the width of Web Mercator's square, in metres (EPSG:3857). */
export const MERCATOR_HALF = 20037508.342789244;

type SrsRow = {
  srs_name: string | null;
  organization: string | null;
  organization_coordsys_id: number | null;
  definition: string | null;
};

const require = createRequire(import.meta.url);
/** The EPSG registry's proj4 definitions with a datum shift, by code (null: none usable), as read so far. */
const registryShifts = new Map<number, string | null>();

/**
 * The EPSG registry's definition of `code` (epsg-index, one small file per code) when it carries a datum shift
 * proj4js can apply (`+towgs84` of the registry's transformation to WGS 84, not grid files): GDAL and QGIS write
 * national grids into GeoPackages without it (EPSG:5514 lands ~100 m off otherwise). See decision 015.
 */
export function registryDatumShift(code: number): string | undefined {
  if (!Number.isSafeInteger(code) || code <= 0) return undefined;
  if (!registryShifts.has(code)) {
    let found: string | null = null;
    try {
      const entry = JSON.parse(readFileSync(require.resolve(`epsg-index/s/${code}.json`), 'utf8')) as {
        proj4?: unknown;
      };
      const definition = typeof entry.proj4 === 'string' ? entry.proj4 : '';
      const shift = /\+towgs84=([^ ]+)/.exec(definition)?.[1];
      const moves = shift?.split(',').some((value) => Number(value) !== 0) ?? false;
      if (moves && !/\+nadgrids=/.test(definition)) found = definition;
    } catch {
      // Not in the registry (or unreadable): the file's own definition is used.
    }
    registryShifts.set(code, found);
  }
  return registryShifts.get(code) ?? undefined;
}

/** True when a definition (WKT or proj4) carries its own datum shift, which is then kept. */
const hasDatumShift = (definition: string) => /TOWGS84|\+towgs84=|\+nadgrids=/i.test(definition);

export function transformFor(db: Database.Database, srsId: number): Transform {
  if (srsId === 0) return IDENTITY; // "undefined geographic": lon/lat by the GeoPackage standard
  const row = db
    .prepare(
      'SELECT srs_name, organization, organization_coordsys_id, definition FROM gpkg_spatial_ref_sys WHERE srs_id = ?',
    )
    .get(srsId) as SrsRow | undefined;
  if (!row) throw new MapLayerError(MAP_TEXTS.unknownSrs(srsId));
  const epsg = row.organization?.toUpperCase() === 'EPSG' ? row.organization_coordsys_id : null;
  if (epsg === 4326 || (epsg === null && srsId === 4326)) return IDENTITY;
  const definition =
    row.definition && row.definition.trim().toLowerCase() !== 'undefined' ? row.definition : undefined;
  let source: string | undefined;
  if (epsg === 3857 || epsg === 900913) source = 'EPSG:3857';
  else if (epsg !== null && !(definition && hasDatumShift(definition))) {
    source = registryDatumShift(epsg) ?? definition;
  } else source = definition;
  if (!source) throw new MapLayerError(MAP_TEXTS.unknownSrs(srsId));
  let converter: Converter;
  try {
    converter = proj4(source, 'EPSG:4326');
    const probe = converter.inverse([0, 0]);
    if (!Array.isArray(probe)) throw new Error('no inverse');
  } catch {
    throw new MapLayerError(MAP_TEXTS.unknownSrs(srsId));
  }
  return {
    forward: (point) => converter.forward(point) as Point2,
    inverse: (point) => converter.inverse(point) as Point2,
    identity: false,
    mercator: source === 'EPSG:3857',
  };
}

/**
 * A lon/lat in Web Mercator's unit square (what tile 0/0/0 covers: x east, y south, 0 to 1), latitudes beyond the
 * square's put on its edge; the formula geojson-vt projects lon/lat with.
 */
export function unitOfLonLat(lon: number, lat: number): Point2 {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return [lon / 360 + 0.5, y < 0 ? 0 : y > 1 ? 1 : y];
}

/** Web Mercator metres (EPSG:3857) in its unit square (see unitOfLonLat). */
export function unitOfMercator(x: number, y: number): Point2 {
  const v = 0.5 - y / (2 * MERCATOR_HALF);
  return [x / (2 * MERCATOR_HALF) + 0.5, v < 0 ? 0 : v > 1 ? 1 : v];
}

/**
 * From a layer's coordinates straight to Web Mercator's unit square (see unitOfLonLat): what a tile's features are
 * read into, projected once. Undefined for a position the layer's projection cannot take.
 */
export function unitTransform(transform: Transform): Pick<Transform, 'forward' | 'identity'> {
  const forward = transform.identity
    ? ([lon, lat]: Point2) => unitOfLonLat(lon, lat)
    : transform.mercator
      ? ([x, y]: Point2) => unitOfMercator(x, y)
      : (point: Point2) => {
          const [lon, lat] = transform.forward(point);
          return Number.isFinite(lon) && Number.isFinite(lat)
            ? unitOfLonLat(lon, lat)
            : ([NaN, NaN] as Point2);
        };
  return { forward, identity: false };
}

/** Grows `envelope` with the points of `points` (non-finite ones left out). */
export function envelopeOf(points: Point2[]): Envelope | undefined {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  }
  return box.minX <= box.maxX ? box : undefined;
}

/** Points along the edges of a box (corners alone miss the bulge of projected edges). */
export function edgePoints(box: Envelope, steps = 8): Point2[] {
  const points: Point2[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = box.minX + (box.maxX - box.minX) * t;
    const y = box.minY + (box.maxY - box.minY) * t;
    points.push([x, box.minY], [x, box.maxY], [box.minX, y], [box.maxX, y]);
  }
  return points;
}

/** What `work` answers, or undefined when it throws (a projection that cannot take a point, a blob unreadable). */
export function safely<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}
