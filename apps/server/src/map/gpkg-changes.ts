import {
  quoteIdentifier,
  readChangeset,
  SchemaChangeError,
  type TableInfo,
  type Value,
} from '@waymark/gpkg-diff';
import type { MapAttributeChange, MapChangedFeature, MapChangedLayer } from '@waymark/contract';
import { MAP_CHANGES_MAX_FEATURES, MAP_TEXTS } from '@waymark/contract/map-constants';
import type Database from 'better-sqlite3';
import type { Geometry, Position } from 'geojson';
import { decodeGeometry, reproject } from './gpkg-geometry.ts';
import { columnsOf, layerRows, MapLayerError, openGeoPackage } from './gpkg-read.ts';
import { transformFor, type Transform } from './srs-transform.ts';

/**
 * The map of a version's changes (issue 27): the rows a stored changeset inserts, updates and deletes, as GeoJSON
 * features in EPSG:4326 with their attribute differences. Values and geometry blobs come from the changeset
 * (gpkg-diff's reader); column names, the geometry column, its srs and the geometry of an updated row whose
 * geometry did not change come from the file the changeset leads to (the file at that version).
 */

/** The answer would pass its size limit: the service refuses it (422) with the reason. */
export class MapTooLargeError extends Error {}

type TablePlan = {
  summary: MapChangedLayer;
  names: string[];
  /** Index of the geometry column, or -1 when the table's rows cannot be drawn (`summary.error` says why). */
  geometry: number;
  transform: Transform | undefined;
  keys: number[];
  /** The geometry of a row now, by its key (for updates leaving the geometry as it was). */
  current: Database.Statement | undefined;
};

function planOf(db: Database.Database, table: TableInfo): TablePlan {
  const columns = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table.name)
    ? columnsOf(db, table.name)
    : [];
  if (columns.length !== table.primaryKeys.length) {
    throw new SchemaChangeError(`Changes cannot be mapped onto table structure (table '${table.name}')`);
  }
  const names = columns.map((column) => column.name);
  const keys = table.primaryKeys.flatMap((isKey, index) => (isKey ? [index] : []));
  const layer = layerRows(db).find((row) => row.table_name === table.name);
  const summary: MapChangedLayer = {
    table: table.name,
    geometry_type: layer?.geometry_type_name?.toUpperCase() ?? null,
    insert: 0,
    update: 0,
    delete: 0,
  };
  const plan: TablePlan = { summary, names, geometry: -1, transform: undefined, keys, current: undefined };
  const geometry = layer?.column_name ? names.indexOf(layer.column_name) : -1;
  if (!layer || geometry < 0 || layer.srs_id === null) {
    summary.error = MAP_TEXTS.noGeometry;
    return plan;
  }
  try {
    plan.transform = transformFor(db, layer.srs_id);
  } catch (error) {
    if (!(error instanceof MapLayerError)) throw error;
    summary.error = error.message;
    return plan;
  }
  plan.geometry = geometry;
  if (keys.length > 0) {
    const where = keys.map((index) => `${quoteIdentifier(names[index]!)} = ?`).join(' AND ');
    plan.current = db
      .prepare(
        `SELECT ${quoteIdentifier(names[geometry]!)} FROM ${quoteIdentifier(table.name)} WHERE ${where}`,
      )
      .pluck();
  }
  return plan;
}

/** A changeset value as the popup shows it: integers as numbers (as text beyond 2^53), blobs described. */
function shown(value: Exclude<Value, undefined>): string | number | null {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  return `(binary, ${value.length} bytes)`;
}

/** A GeoPackage geometry blob as GeoJSON in EPSG:4326 (2D); null when NULL, empty, unreadable or unprojectable. */
function geometryOf(blob: unknown, transform: Transform): Geometry | null {
  const native = decodeGeometry(blob);
  return (native && reproject(native, transform)) ?? null;
}

/** Grows `box` ([w, s, e, n], or undefined) with every position of `geometry`. */
function grow(box: number[] | undefined, geometry: Geometry): number[] | undefined {
  let out = box;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [x, y] = value as Position as [number, number];
      out = out
        ? [Math.min(out[0]!, x), Math.min(out[1]!, y), Math.max(out[2]!, x), Math.max(out[3]!, y)]
        : [x, y, x, y];
      return;
    }
    value.forEach(visit);
  };
  if (geometry.type === 'GeometryCollection') {
    for (const part of geometry.geometries) out = grow(out, part);
  } else {
    visit(geometry.coordinates);
  }
  return out;
}

/**
 * The GeoJSON document of GET /v1/project/map/{ns}/{name}/changes (contract `mapChangesSchema`) for `changeset`,
 * read against `file` (the file at that version), as UTF-8 bytes: features in the changeset's order. Throws
 * `MapTooLargeError` past `maxBytes` of features or MAP_CHANGES_MAX_FEATURES rows, `SchemaChangeError` when the
 * changeset does not fit the file's tables.
 */
export function readChangedFeatures(
  changeset: string,
  file: string,
  head: { file: string; version: string },
  maxBytes: number,
): Uint8Array {
  const { db, close } = openGeoPackage(file);
  try {
    const plans = new Map<string, TablePlan>();
    const parts: string[] = [];
    let bytes = 0;
    let rows = 0;
    let extent: number[] | undefined;
    const add = (feature: Omit<MapChangedFeature, 'id' | 'type'>) => {
      if (feature.geometry) extent = grow(extent, feature.geometry as unknown as Geometry);
      const text = JSON.stringify({ type: 'Feature', id: parts.length, ...feature });
      bytes += Buffer.byteLength(text) + 1;
      if (bytes > maxBytes)
        throw new MapTooLargeError(MAP_TEXTS.changesTooLarge(head.file, head.version, maxBytes));
      parts.push(text);
    };
    for (const entry of readChangeset(changeset)) {
      let plan = plans.get(entry.table.name);
      if (!plan) {
        plan = planOf(db, entry.table);
        plans.set(entry.table.name, plan);
      }
      plan.summary[entry.op] += 1;
      rows += 1;
      if (rows > MAP_CHANGES_MAX_FEATURES) {
        throw new MapTooLargeError(
          MAP_TEXTS.tooManyChanges(head.file, head.version, rows, MAP_CHANGES_MAX_FEATURES),
        );
      }
      if (plan.geometry < 0 || !plan.transform) continue;
      const values = (entry.op === 'delete' ? entry.old : entry.new) ?? [];
      const keyValues = plan.keys.map((index) => (entry.old ?? entry.new)?.[index] ?? null);
      const fid = plan.keys.length === 1 ? shown(keyValues[0]!) : null;
      const changes: MapAttributeChange[] = [];
      plan.names.forEach((name, index) => {
        if (index === plan.geometry) return;
        const old = entry.old?.[index];
        const now = entry.new?.[index];
        if (old === undefined && now === undefined) return;
        const change: MapAttributeChange = { name };
        if (old !== undefined) change.old = shown(old);
        if (now !== undefined) change.new = shown(now);
        changes.push(change);
      });
      const geometryChanged = entry.op !== 'update' || entry.new?.[plan.geometry] !== undefined;
      let geometry = values[plan.geometry];
      if (entry.op === 'update' && !geometryChanged && plan.current) {
        geometry = plan.current.get(
          ...keyValues.map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value)),
        ) as Value;
      }
      const properties = {
        layer: entry.table.name,
        fid,
        change: entry.op,
        geometry_changed: geometryChanged,
        changes,
      };
      add({
        geometry: geometryOf(geometry, plan.transform) as MapChangedFeature['geometry'],
        properties: { ...properties, role: entry.op === 'delete' ? 'old' : 'new' },
      });
      if (entry.op === 'update' && geometryChanged) {
        add({
          geometry: geometryOf(entry.old?.[plan.geometry], plan.transform) as MapChangedFeature['geometry'],
          properties: { ...properties, role: 'old' },
        });
      }
    }
    const layers = [...plans.values()]
      .map((plan) => plan.summary)
      .sort((a, b) => a.table.localeCompare(b.table));
    const document =
      `{"type":"FeatureCollection","version":${JSON.stringify(head.version)},"file":${JSON.stringify(head.file)},` +
      `"layers":${JSON.stringify(layers)},"extent":${JSON.stringify(extent ?? null)},"features":[${parts.join(',')}]}`;
    return new Uint8Array(Buffer.from(document, 'utf8'));
  } finally {
    close();
  }
}
