import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { gpkgEnvelope, quoteIdentifier, type Envelope } from '@waymark/gpkg-diff';
import { MAP_TEXTS, type MapFeature, type MapLayer } from '@waymark/contract';
import type Database from 'better-sqlite3';
import type { Feature, Geometry, Position } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import {
  columnsOf,
  decodeGeometry,
  edgePoints,
  envelopeOf,
  fidColumn,
  findLayer,
  layerRows,
  MapLayerError,
  MapNotFoundError,
  MAX_LATITUDE,
  openGeoPackage,
  plainValue,
  reproject,
  safely,
  transformFor,
  type LayerRow,
  type Transform,
} from './gpkg-read.ts';

/**
 * Reads GeoPackages for the map (synchronous, run in the engine's worker threads): the layer list, one vector tile
 * of a layer (features in the tile's window, reprojected to EPSG:4326 with proj4, cut and encoded by geojson-vt and
 * vt-pbf) and one feature. Files are opened read-only and `immutable=1` (openReadOnly).
 */

function rtreeOf(db: Database.Database, layer: LayerRow): string | undefined {
  if (!layer.column_name) return undefined;
  const name = `rtree_${layer.table_name}_${layer.column_name}`;
  const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  return found ? name : undefined;
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

/** Tile pixels: geojson-vt's default extent and buffer. */
const EXTENT = 4096;
const BUFFER = 64;
/**
 * Below this zoom, a tile keeps one point per cell of a CELLS×CELLS grid: a cell is 4 px of a 512-px tile, less
 * than a drawn point (10 px across), so the map looks the same while 200,000 points make a z11 tile of 0.9 MB
 * instead of 7 MB (bench/map).
 */
const THIN_BELOW_ZOOM = 16;
const CELLS = 128;

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
