import { fromGeojsonVt } from '@maplibre/vt-pbf';
import {
  gpkgEnvelope,
  InvalidDatabaseError,
  openReadOnly,
  parseGpkgHeader,
  quoteIdentifier,
  type Envelope,
} from '@waymark/gpkg-diff';
import { MAP_TEXTS, type MapFeature, type MapLayer } from '@waymark/contract';
import type Database from 'better-sqlite3';
import type { Feature, Geometry, Position } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import proj4 from 'proj4';
import wkx from 'wkx';

/**
 * Reads GeoPackages for the map (synchronous, run in the engine's worker threads): the layer list, one vector tile
 * of a layer (features in the tile's window, reprojected to EPSG:4326 with proj4, cut and encoded by geojson-vt and
 * vt-pbf) and one feature. Files are opened read-only and `immutable=1` (openReadOnly).
 */

/** A refusal about the request (an unknown layer or feature): the service answers 404 with it. */
export class MapNotFoundError extends Error {}
/** The layer exists but cannot be drawn (an unknown srs): the service answers 422 with it. */
export class MapLayerError extends Error {}

type Point2 = [number, number];
/** From a layer's coordinates to EPSG:4326 lon/lat, and back; `identity` when the layer is in lon/lat. */
type Transform = {
  forward: (point: Point2) => Point2;
  inverse: (point: Point2) => Point2;
  identity: boolean;
};

const IDENTITY: Transform = { forward: (p) => p, inverse: (p) => p, identity: true };
/** Latitudes Web Mercator can show. */
const MAX_LATITUDE = 85.0511287798066;

type SrsRow = {
  srs_name: string | null;
  organization: string | null;
  organization_coordsys_id: number | null;
  definition: string | null;
};

function transformFor(db: Database.Database, srsId: number): Transform {
  if (srsId === 0) return IDENTITY; // "undefined geographic": lon/lat by the GeoPackage standard
  const row = db
    .prepare(
      'SELECT srs_name, organization, organization_coordsys_id, definition FROM gpkg_spatial_ref_sys WHERE srs_id = ?',
    )
    .get(srsId) as SrsRow | undefined;
  if (!row) throw new MapLayerError(MAP_TEXTS.unknownSrs(srsId));
  const epsg = row.organization?.toUpperCase() === 'EPSG' ? row.organization_coordsys_id : null;
  if (epsg === 4326 || (epsg === null && srsId === 4326)) return IDENTITY;
  let source: string | undefined;
  if (epsg === 3857 || epsg === 900913) source = 'EPSG:3857';
  else if (row.definition && row.definition.trim().toLowerCase() !== 'undefined') source = row.definition;
  if (!source) throw new MapLayerError(MAP_TEXTS.unknownSrs(srsId));
  let converter: proj4.Converter;
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
  };
}

type LayerRow = {
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

function openGeoPackage(path: string): { db: Database.Database; close(): void } {
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

function layerRows(db: Database.Database): LayerRow[] {
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

function findLayer(db: Database.Database, table: string): LayerRow {
  const layer = layerRows(db).find((row) => row.table_name === table);
  if (!layer) throw new MapNotFoundError(MAP_TEXTS.layerNotFound(table));
  return layer;
}

type Column = { name: string; type: string; pk: number };

function columnsOf(db: Database.Database, table: string): Column[] {
  return db.prepare(`PRAGMA table_info(${quoteIdentifier(table)})`).all() as Column[];
}

/** The integer primary key (the feature id), or SQLite's rowid. */
function fidColumn(columns: Column[]): string {
  const keys = columns.filter((column) => column.pk > 0);
  return keys.length === 1 ? keys[0]!.name : 'rowid';
}

function rtreeOf(db: Database.Database, layer: LayerRow): string | undefined {
  if (!layer.column_name) return undefined;
  const name = `rtree_${layer.table_name}_${layer.column_name}`;
  const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  return found ? name : undefined;
}

/** Grows `envelope` with the points of `points` (non-finite ones left out). */
function envelopeOf(points: Point2[]): Envelope | undefined {
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
function edgePoints(box: Envelope, steps = 8): Point2[] {
  const points: Point2[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = box.minX + (box.maxX - box.minX) * t;
    const y = box.minY + (box.maxY - box.minY) * t;
    points.push([x, box.minY], [x, box.maxY], [box.minX, y], [box.maxX, y]);
  }
  return points;
}

function safely<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

/** The layer's extent in its own coordinates: its R-tree, else gpkg_contents, else a scan of the geometries. */
function nativeExtent(
  db: Database.Database,
  layer: LayerRow,
  rtree: string | undefined,
): Envelope | undefined {
  if (rtree) {
    const box = db
      .prepare(
        `SELECT min(minx) AS minX, min(miny) AS minY, max(maxx) AS maxX, max(maxy) AS maxY FROM ${quoteIdentifier(rtree)}`,
      )
      .get() as Partial<Envelope>;
    if (box.minX != null && box.minY != null && box.maxX != null && box.maxY != null) return box as Envelope;
    return undefined;
  }
  let box: Envelope | undefined;
  const geometry = quoteIdentifier(layer.column_name!);
  const rows = db
    .prepare(`SELECT ${geometry} AS g FROM ${quoteIdentifier(layer.table_name)}`)
    .raw()
    .iterate() as IterableIterator<[unknown]>;
  for (const [blob] of rows) {
    if (!(blob instanceof Uint8Array)) continue;
    const envelope = gpkgEnvelope(blob);
    if (!envelope) continue;
    box = box
      ? {
          minX: Math.min(box.minX, envelope.minX),
          minY: Math.min(box.minY, envelope.minY),
          maxX: Math.max(box.maxX, envelope.maxX),
          maxY: Math.max(box.maxY, envelope.maxY),
        }
      : { ...envelope };
  }
  return box;
}

function clampLonLat(box: Envelope): [number, number, number, number] {
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [clamp(box.minX, 180), clamp(box.minY, 90), clamp(box.maxX, 180), clamp(box.maxY, 90)];
}

/** Every feature layer and attribute table of a GeoPackage, with counts, extents in EPSG:4326 and fields. */
export function readLayers(path: string): MapLayer[] {
  const { db, close } = openGeoPackage(path);
  try {
    return layerRows(db).map((layer) => {
      const columns = columnsOf(db, layer.table_name);
      const count = db.prepare(`SELECT count(*) AS n FROM ${quoteIdentifier(layer.table_name)}`).get() as {
        n: number;
      };
      const result: MapLayer = {
        table: layer.table_name,
        geometry_column: layer.column_name,
        geometry_type: layer.geometry_type_name?.toUpperCase() ?? null,
        has_z: (layer.z ?? 0) > 0,
        has_m: (layer.m ?? 0) > 0,
        srs_id: layer.srs_id,
        srs_name: null,
        feature_count: count.n,
        extent: null,
        fields: columns
          .filter((column) => column.name !== layer.column_name)
          .map((column) => ({ name: column.name, type: column.type })),
      };
      if (!layer.column_name || layer.srs_id === null) return result;
      const srs = db
        .prepare('SELECT srs_name FROM gpkg_spatial_ref_sys WHERE srs_id = ?')
        .get(layer.srs_id) as { srs_name: string | null } | undefined;
      result.srs_name = srs?.srs_name ?? null;
      let transform: Transform;
      try {
        transform = transformFor(db, layer.srs_id);
      } catch (error) {
        if (!(error instanceof MapLayerError)) throw error;
        result.error = error.message;
        return result;
      }
      const native = nativeExtent(db, layer, rtreeOf(db, layer));
      if (native) {
        const points = transform.identity ? edgePoints(native, 1) : edgePoints(native);
        const lonLat = safely(() => envelopeOf(points.map(transform.forward)));
        if (lonLat) result.extent = clampLonLat(lonLat);
      }
      return result;
    });
  } finally {
    close();
  }
}

/** The lon/lat bounds of tile z/x/y, widened by `margin` of its size on each side. */
function tileBounds(z: number, x: number, y: number, margin: number): Envelope {
  const n = 2 ** z;
  const lon = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return {
    minX: lon(x - margin),
    maxX: lon(x + 1 + margin),
    minY: lat(Math.min(n, y + 1 + margin)),
    maxY: lat(Math.max(0, y - margin)),
  };
}

/** A GeoJSON geometry with every position taken through `transform` (2D: Z and M dropped). */
function reproject(geometry: Geometry, transform: Transform): Geometry | undefined {
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

/** A GeoPackage geometry blob as GeoJSON in its own coordinates; undefined when NULL, empty or unreadable. */
export function decodeGeometry(blob: unknown): Geometry | undefined {
  if (!(blob instanceof Uint8Array)) return undefined;
  const header = parseGpkgHeader(blob);
  if (!header || header.isEmpty) return undefined;
  const geometry = safely(
    () =>
      wkx.Geometry.parse(
        Buffer.from(blob.buffer, blob.byteOffset + header.wkbOffset, blob.length - header.wkbOffset),
      ).toGeoJSON() as Geometry,
  );
  if (!geometry || isEmptyGeometry(geometry)) return undefined;
  return geometry;
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
function plainValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return `(binary, ${value.length} bytes)`;
  return String(value);
}

/** Tile pixels: geojson-vt's default extent and buffer. */
const EXTENT = 4096;
const BUFFER = 64;
/** Below this zoom, a tile keeps one point per cell of a CELLS×CELLS grid (200,000 points make no 8 MB tile). */
const THIN_BELOW_ZOOM = 16;
const CELLS = 512;

/** Says whether a point falls in a cell of tile z/x/y no earlier point took (true: keep it). */
function pointThinner(z: number, x: number, y: number): (lon: number, lat: number) => boolean {
  if (z >= THIN_BELOW_ZOOM) return () => true;
  const n = 2 ** z;
  const taken = new Set<number>();
  return (lon, lat) => {
    const rad = (lat * Math.PI) / 180;
    const column = Math.floor((((lon + 180) / 360) * n - x) * CELLS);
    const row = Math.floor(
      (((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n - y) * CELLS,
    );
    const key = (column + CELLS) * 4 * CELLS + (row + CELLS);
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  };
}

/**
 * Vector tile z/x/y of `table` (one MVT layer named after the table, feature ids = fids, scalar fields as
 * attributes): only the features whose envelope meets the tile (through the R-tree when the layer has one).
 * An empty Uint8Array when no feature meets it.
 */
export function readTile(path: string, table: string, z: number, x: number, y: number): Uint8Array {
  const { db, close } = openGeoPackage(path);
  try {
    const layer = findLayer(db, table);
    if (!layer.column_name || layer.srs_id === null) {
      throw new MapLayerError(MAP_TEXTS.layerCannotBeDrawn(table, 'it has no geometry'));
    }
    const transform = transformFor(db, layer.srs_id);
    const columns = columnsOf(db, table);
    const fid = fidColumn(columns);
    const bounds = tileBounds(z, x, y, BUFFER / EXTENT);
    // The window in the layer's own coordinates; a projection that cannot take it (far outside its area) reads all.
    const window = transform.identity
      ? bounds
      : safely(() => envelopeOf(edgePoints(bounds).map(transform.inverse)));
    const rtree = rtreeOf(db, layer);
    const t = quoteIdentifier(table);
    const geometryColumn = layer.column_name;
    let rows: IterableIterator<Record<string, unknown>>;
    if (rtree && window) {
      rows = db
        .prepare(
          `SELECT t.*, t.${quoteIdentifier(fid)} AS "__fid" FROM ${t} t JOIN ${quoteIdentifier(rtree)} r ON r.id = t.${quoteIdentifier(fid)}
           WHERE r.maxx >= ? AND r.minx <= ? AND r.maxy >= ? AND r.miny <= ?`,
        )
        .iterate(window.minX, window.maxX, window.minY, window.maxY) as IterableIterator<
        Record<string, unknown>
      >;
    } else {
      rows = db
        .prepare(`SELECT t.*, t.${quoteIdentifier(fid)} AS "__fid" FROM ${t} t`)
        .iterate() as IterableIterator<Record<string, unknown>>;
    }
    const features: Feature[] = [];
    const keepPoint = pointThinner(z, x, y);
    for (const row of rows) {
      const blob = row[geometryColumn];
      if (!rtree && window && blob instanceof Uint8Array) {
        const envelope = gpkgEnvelope(blob);
        if (
          !envelope ||
          envelope.maxX < window.minX ||
          envelope.minX > window.maxX ||
          envelope.maxY < window.minY ||
          envelope.minY > window.maxY
        ) {
          continue;
        }
      }
      const native = decodeGeometry(blob);
      const geometry = native && (transform.identity ? native : reproject(native, transform));
      if (!geometry) continue;
      if (geometry.type === 'Point') {
        const [lon, lat] = geometry.coordinates as [number, number];
        if (!keepPoint(lon, Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)))) continue;
      }
      const properties: Record<string, string | number | null> = {};
      for (const column of columns) {
        if (column.name === geometryColumn) continue;
        const value = row[column.name];
        if (value instanceof Uint8Array) continue;
        properties[column.name] = plainValue(value);
      }
      const id = row.__fid;
      features.push({
        type: 'Feature',
        ...(typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { id } : {}),
        properties,
        geometry: clampMercator(geometry),
      });
    }
    if (features.length === 0) return new Uint8Array(0);
    const index = new GeoJSONVT(
      { type: 'FeatureCollection', features },
      { maxZoom: z, indexMaxZoom: 0, indexMaxPoints: 0, extent: EXTENT, buffer: BUFFER },
    );
    const tile = index.getTile(z, x, y);
    if (!tile || tile.features.length === 0) return new Uint8Array(0);
    return fromGeojsonVt({ [table]: tile as never }, { version: 2, extent: EXTENT });
  } finally {
    close();
  }
}

/** Points beyond Web Mercator's latitudes moved onto its edge (geojson-vt would project them to infinity). */
function clampMercator(geometry: Geometry): Geometry {
  const clampPoint = (position: Position): Position => [
    position[0]!,
    Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, position[1]!)),
  ];
  if (geometry.type === 'Point') return { type: 'Point', coordinates: clampPoint(geometry.coordinates) };
  return geometry;
}

/** Every field of feature `fid` of `table`, its geometry as GeoJSON in EPSG:4326. */
export function readFeature(path: string, table: string, fid: number): MapFeature {
  const { db, close } = openGeoPackage(path);
  try {
    const layer = findLayer(db, table);
    const columns = columnsOf(db, table);
    const key = fidColumn(columns);
    const row = db
      .prepare(
        `SELECT *, ${quoteIdentifier(key)} AS "__fid" FROM ${quoteIdentifier(table)} WHERE ${quoteIdentifier(key)} = ?`,
      )
      .get(fid) as Record<string, unknown> | undefined;
    if (!row) throw new MapNotFoundError(MAP_TEXTS.featureNotFound(fid));
    const properties: Record<string, string | number | null> = {};
    for (const column of columns) {
      if (column.name !== layer.column_name) properties[column.name] = plainValue(row[column.name]);
    }
    let geometry: Geometry | undefined;
    if (layer.column_name && layer.srs_id !== null) {
      const native = decodeGeometry(row[layer.column_name]);
      const transform = safely(() => transformFor(db, layer.srs_id!));
      geometry = native && transform && (transform.identity ? native : reproject(native, transform));
    }
    return {
      fid: Number(row.__fid),
      layer: table,
      properties,
      geometry: (geometry as unknown as Record<string, unknown>) ?? null,
    };
  } finally {
    close();
  }
}
