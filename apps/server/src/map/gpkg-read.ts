import {
  InvalidDatabaseError,
  openReadOnly,
  parseGpkgHeader,
  quoteIdentifier,
  wkbToGeoJson,
  wkbToGeoJsonGeometry,
  type Envelope,
} from '@waymark/gpkg-diff';
import { MAP_TEXTS } from '@waymark/contract';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import type { Geometry, Position } from 'geojson';
import proj4, { type Converter } from 'proj4';

/**
 * What the map's readers share (synchronous, run in the engine's worker threads): opening a GeoPackage read-only
 * and `immutable=1`, its layers and columns, the srs of a layer as a proj4 transform to EPSG:4326, and geometry
 * blobs decoded to GeoJSON.
 */
/** A refusal about the request (an unknown layer or feature): the service answers 404 with it. */
export class MapNotFoundError extends Error {}
/** The layer exists but cannot be drawn (an unknown srs): the service answers 422 with it. */
export class MapLayerError extends Error {}

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

/** Cells per side of the grids `windowTransform` tries, the finest last. */
const GRID_SIDES = [8, 16, 32, 64];

/** Points a window transforms exactly before it builds its grid (a 64×64 grid costs ~8,300 exact points). */
const EXACT_FIRST = 8192;

/**
 * `transform` for the points of one window (a tile's, in the layer's coordinates), interpolated bilinearly between
 * exact points of a grid over it, as GDAL's approximate transformer does: proj4js costs ~1–2 µs a point, which a
 * screenful of polygons (half a million vertices) turns into seconds. The first `exactFirst` points are transformed
 * exactly (a tile with few points never pays for a grid); then the grid is built, the coarsest whose interpolation
 * stays within `tolerance` (in the units `transform` answers: degrees, or the tile's unit square) of the exact points
 * at the middles of its cells (where it strays most); when
 * none does (a coarser grid's error tells early), or the projection fails on the grid, every point is transformed
 * exactly. Points outside the window are transformed exactly.
 */
export function windowTransform<T extends Pick<Transform, 'forward' | 'identity'>>(
  transform: T,
  window: Envelope,
  tolerance: number,
  exactFirst = EXACT_FIRST,
): T {
  if (transform.identity) return transform;
  let exactLeft = exactFirst;
  let chosen: Transform['forward'] | undefined;
  return {
    ...transform,
    forward: (point) => {
      if (chosen) return chosen(point);
      if (exactLeft > 0) {
        exactLeft -= 1;
        return transform.forward(point);
      }
      chosen = gridForward(transform, window, tolerance) ?? transform.forward;
      return chosen(point);
    },
  };
}

/** The bilinear interpolation of `windowTransform`, or undefined when no grid is fine enough. */
function gridForward(
  transform: Pick<Transform, 'forward'>,
  window: Envelope,
  tolerance: number,
): Transform['forward'] | undefined {
  const width = window.maxX - window.minX;
  const height = window.maxY - window.minY;
  if (!(width > 0 && height > 0)) return undefined;
  /** The finest grid's side the last try's error calls for (its error shrinks with the square of the side). */
  let wanted = 0;
  for (const side of GRID_SIDES) {
    if (side < wanted) continue;
    const stepX = width / side;
    const stepY = height / side;
    // Exact lon/lat of the grid's nodes, row by row: lons then lats.
    const lons = new Float64Array((side + 1) * (side + 1));
    const lats = new Float64Array((side + 1) * (side + 1));
    let usable = true;
    for (let row = 0; row <= side && usable; row++) {
      for (let column = 0; column <= side; column++) {
        const out = safely(() =>
          transform.forward([window.minX + column * stepX, window.minY + row * stepY]),
        );
        if (!out || !Number.isFinite(out[0]) || !Number.isFinite(out[1])) {
          usable = false;
          break;
        }
        lons[row * (side + 1) + column] = out[0];
        lats[row * (side + 1) + column] = out[1];
      }
    }
    if (!usable) return undefined;
    const interpolate = ([x, y]: Point2): Point2 => {
      const fx = (x - window.minX) / stepX;
      const fy = (y - window.minY) / stepY;
      if (!(fx >= 0 && fy >= 0 && fx <= side && fy <= side)) return transform.forward([x, y]);
      const column = Math.min(side - 1, Math.floor(fx));
      const row = Math.min(side - 1, Math.floor(fy));
      const u = fx - column;
      const v = fy - row;
      const at = row * (side + 1) + column;
      const above = at + side + 1;
      const a = (1 - u) * (1 - v);
      const b = u * (1 - v);
      const c = (1 - u) * v;
      const d = u * v;
      return [
        a * lons[at]! + b * lons[at + 1]! + c * lons[above]! + d * lons[above + 1]!,
        a * lats[at]! + b * lats[at + 1]! + c * lats[above]! + d * lats[above + 1]!,
      ];
    };
    let worst = 0;
    for (let row = 0; row < side && worst <= tolerance; row++) {
      for (let column = 0; column < side; column++) {
        const middle: Point2 = [window.minX + (column + 0.5) * stepX, window.minY + (row + 0.5) * stepY];
        const exact = safely(() => transform.forward(middle));
        if (!exact || !Number.isFinite(exact[0]) || !Number.isFinite(exact[1])) return undefined;
        const guess = interpolate(middle);
        worst = Math.max(worst, Math.abs(guess[0] - exact[0]), Math.abs(guess[1] - exact[1]));
        if (worst > tolerance) break;
      }
    }
    if (worst <= tolerance) return interpolate;
    // The loop above stops at the first cell over the tolerance: the side this asks for is a lower bound.
    wanted = side * Math.sqrt(worst / tolerance);
  }
  return undefined;
}

export type LayerRow = {
  table_name: string;
  data_type: string;
  column_name: string | null;
  geometry_type_name: string | null;
  srs_id: number | null;
  z: number | null;
  m: number | null;
  min_x: number | null;
  min_y: number | null;
  max_x: number | null;
  max_y: number | null;
};

export function openGeoPackage(path: string): { db: Database.Database; close(): void } {
  const connection = openReadOnly({ path, role: 'GeoPackage' });
  const hasContents = connection.db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'gpkg_contents'")
    .get();
  if (!hasContents) {
    connection.close();
    throw new InvalidDatabaseError(MAP_TEXTS.notGeoPackage);
  }
  return connection;
}

export function layerRows(db: Database.Database): LayerRow[] {
  const hasGeometryColumns = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'gpkg_geometry_columns'")
    .get();
  const geometry = hasGeometryColumns
    ? 'g.column_name, g.geometry_type_name, g.srs_id, g.z, g.m'
    : 'NULL AS column_name, NULL AS geometry_type_name, NULL AS srs_id, NULL AS z, NULL AS m';
  const join = hasGeometryColumns ? 'LEFT JOIN gpkg_geometry_columns g ON g.table_name = c.table_name' : '';
  return db
    .prepare(
      `SELECT c.table_name, c.data_type, ${geometry}, c.min_x, c.min_y, c.max_x, c.max_y
       FROM gpkg_contents c ${join}
       WHERE c.data_type IN ('features', 'attributes')
         AND EXISTS (SELECT 1 FROM sqlite_master s WHERE s.type IN ('table', 'view') AND s.name = c.table_name)
       ORDER BY c.table_name`,
    )
    .all() as LayerRow[];
}

export function findLayer(db: Database.Database, table: string): LayerRow {
  const layer = layerRows(db).find((row) => row.table_name === table);
  if (!layer) throw new MapNotFoundError(MAP_TEXTS.layerNotFound(table));
  return layer;
}

export type Column = { name: string; type: string; pk: number };

export function columnsOf(db: Database.Database, table: string): Column[] {
  return db.prepare(`PRAGMA table_info(${quoteIdentifier(table)})`).all() as Column[];
}

/** The integer primary key (the feature id), or SQLite's rowid. */
export function fidColumn(columns: Column[]): string {
  const keys = columns.filter((column) => column.pk > 0);
  return keys.length === 1 ? keys[0]!.name : 'rowid';
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

export function safely<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

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

/** Half the width of Web Mercator's square, in metres (EPSG:3857). */
export const MERCATOR_HALF = 20037508.342789244;

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

/** A value fit for a tile's or a popup's attributes: text and numbers as they are, bytes described. */
export function plainValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return `(binary, ${value.length} bytes)`;
  return String(value);
}
