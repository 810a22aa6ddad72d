import { InvalidDatabaseError, openReadOnly, quoteIdentifier } from '@waymark/gpkg-diff';
import { MAP_TEXTS } from '@waymark/contract/map-constants';
import type Database from 'better-sqlite3';

/**
 * What the map's readers share (synchronous, run in the engine's worker threads): opening a GeoPackage read-only
 * and `immutable=1`, its layers, columns and R-trees, and its values as attributes. Its srs: srs-transform.ts; its
 * geometry blobs: gpkg-geometry.ts.
 */

/** A refusal about the request (an unknown layer or feature): the service answers 404 with it. */
export class MapNotFoundError extends Error {}
/** The layer exists but cannot be drawn (an unknown srs): the service answers 422 with it. */
export class MapLayerError extends Error {}

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

/** The name of the layer's R-tree (its spatial index), when it has one. */
export function rtreeOf(db: Database.Database, layer: LayerRow): string | undefined {
  if (!layer.column_name) return undefined;
  const name = `rtree_${layer.table_name}_${layer.column_name}`;
  const found = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
  return found ? name : undefined;
}

/** A value fit for a tile's or a popup's attributes: text and numbers as they are, bytes described. */
export function plainValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return `(binary, ${value.length} bytes)`;
  return String(value);
}
