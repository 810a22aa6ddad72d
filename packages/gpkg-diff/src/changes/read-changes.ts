import { SchemaChangeError } from '../errors.ts';
import { readChangeset } from '../format/changeset-reader.ts';
import { gpkgGeometryTypeName, parseGpkgHeader } from '../geometry/gpkg-geometry.ts';
import { wkbToWkt } from '../geometry/wkb-formats.ts';
import { openReadOnly, type ReadOnlyConnection } from '../sqlite/open-read-only.ts';
import { hasTable, readTableSchema, type TableSchema } from '../sqlite/table-schema.ts';
import { wrapSqliteError } from '../sqlite/sqlite-errors.ts';
import type { ChangeDetail, ChangeValue, ColumnChange, TableInfo, Value } from '../types.ts';

/** How one table's columns are shown: names and base types, and which columns hold geometry. */
interface ColumnsView {
  names: string[];
  types: string[];
  isGeometry: boolean[];
}

/**
 * WKT of a GeoPackage geometry blob (see `wkbToWkt`), an empty one as `<type> EMPTY`; undefined when it is not one
 * of the simple feature types (curves) or not valid.
 */
export function geometryToWkt(blob: Uint8Array): string | undefined {
  const header = parseGpkgHeader(blob);
  if (!header) return undefined;
  const wkt = wkbToWkt(blob.subarray(header.wkbOffset));
  if (wkt === undefined || !header.isEmpty) return wkt;
  return `${gpkgGeometryTypeName(blob) ?? 'GEOMETRY'} EMPTY`;
}

/**
 * A value as the detail list shows it: integers as numbers (as text beyond 2^53, which JSON numbers cannot hold
 * exactly), geometry as WKT, other blobs as base64, NULL as null.
 */
export function displayValue(value: Exclude<Value, undefined>, isGeometry: boolean): ChangeValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  return (isGeometry ? geometryToWkt(value) : undefined) ?? Buffer.from(value).toString('base64');
}

function viewOf(schema: TableSchema): ColumnsView {
  return {
    names: schema.columns.map((column) => column.name),
    types: schema.columns.map((column) => column.baseType),
    isGeometry: schema.columns.map((column) => column.baseType === 'geometry'),
  };
}

function unnamedView(table: TableInfo): ColumnsView {
  return {
    names: table.primaryKeys.map((_, i) => String(i)),
    types: table.primaryKeys.map(() => ''),
    isGeometry: table.primaryKeys.map(() => false),
  };
}

/**
 * The changes of a binary changeset as the detail list of GET /v1/resource/changesets shows them, read as they
 * are iterated: per changed row its table, type and the columns it carries (inserts: every column's new value,
 * deletes: every old value, updates: the key's old value and old and new values of changed columns). With
 * `schemaDbPath` (the file the changeset leads to) columns get their names and geodiff's base types and geometry is
 * shown as WKT; without it `name` is the column index and `type` is empty. Throws `SchemaChangeError` when a table
 * of the changeset is missing from that file or has another number of columns.
 */
export function* readChanges(
  changesetPath: string,
  schemaDbPath?: string,
): Generator<ChangeDetail, void, undefined> {
  let connection: ReadOnlyConnection | undefined;
  try {
    if (schemaDbPath) connection = openReadOnly({ path: schemaDbPath, role: 'schema' });
    const views = new Map<string, ColumnsView>();
    for (const entry of readChangeset(changesetPath)) {
      let view = views.get(entry.table.name);
      if (!view) {
        view = connection ? schemaView(connection, entry.table) : unnamedView(entry.table);
        views.set(entry.table.name, view);
      }
      const changes: ColumnChange[] = [];
      for (let column = 0; column < view.names.length; column++) {
        const old = entry.old?.[column];
        const now = entry.new?.[column];
        if (old === undefined && now === undefined) continue;
        const isGeometry = view.isGeometry[column]!;
        const change: ColumnChange = { column, name: view.names[column]!, type: view.types[column]! };
        if (old !== undefined) change.old = displayValue(old, isGeometry);
        if (now !== undefined) change.new = displayValue(now, isGeometry);
        changes.push(change);
      }
      yield { table: entry.table.name, type: entry.op, changes };
    }
  } finally {
    connection?.close();
  }
}

function schemaView(connection: ReadOnlyConnection, table: TableInfo): ColumnsView {
  const schema = wrapSqliteError(() =>
    hasTable(connection.db, 'main', table.name)
      ? readTableSchema(connection.db, 'main', table.name)
      : undefined,
  );
  if (!schema || schema.columns.length !== table.primaryKeys.length) {
    throw new SchemaChangeError(`Changes cannot be mapped onto table structure (table '${table.name}')`);
  }
  return viewOf(schema);
}
