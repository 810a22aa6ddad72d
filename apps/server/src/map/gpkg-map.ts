import { gpkgEnvelope, quoteIdentifier, type Envelope } from '@waymark/gpkg-diff';
import type { MapFeature, MapLayer } from '@waymark/contract';
import { MAP_TEXTS } from '@waymark/contract/map-constants';
import type Database from 'better-sqlite3';
import type { Geometry } from 'geojson';
import { decodeGeometry, reproject } from './gpkg-geometry.ts';
import {
  columnsOf,
  fidColumn,
  findLayer,
  layerRows,
  MapLayerError,
  MapNotFoundError,
  openGeoPackage,
  plainValue,
  rtreeOf,
  type LayerRow,
} from './gpkg-read.ts';
import { edgePoints, envelopeOf, safely, transformFor, type Transform } from './srs-transform.ts';

/**
 * Reads GeoPackages for the map (synchronous, run in the engine's worker threads): the layer list and one feature
 * (a layer's vector tiles: gpkg-tile.ts). Files are opened read-only and `immutable=1` (openReadOnly).
 */

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
