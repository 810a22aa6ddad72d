import type Database from 'better-sqlite3';
import { InvalidDatabaseError } from '../errors.ts';
import { quoteIdentifier } from './open-read-only.ts';

/** geodiff's base column types (the `type` of the detail list). */
export type BaseType = 'integer' | 'double' | 'boolean' | 'text' | 'blob' | 'geometry' | 'date' | 'datetime';

/** A geometry column's entry of gpkg_geometry_columns. */
export interface GeometryInfo {
  type: string;
  srsId: number;
  hasZ: boolean;
  hasM: boolean;
}

/** One column, as geodiff describes it. */
export interface ColumnSchema {
  name: string;
  /** The declared type as written in CREATE TABLE (e.g. 'MEDIUMINT', 'TEXT(50)', 'POINT'). */
  declaredType: string;
  baseType: BaseType;
  isPrimaryKey: boolean;
  isNotNull: boolean;
  /** An INTEGER PRIMARY KEY (a rowid alias). */
  isAutoIncrement: boolean;
  geometry?: GeometryInfo;
}

/** The CRS of a table's geometry column, from gpkg_spatial_ref_sys. */
export interface CrsInfo {
  srsId: number;
  organization: string | null;
  code: number | null;
}

/** A table's columns in declaration order, and its CRS when it has a geometry column. */
export interface TableSchema {
  name: string;
  columns: ColumnSchema[];
  crs?: CrsInfo;
}

const INTEGER_TYPES = new Set(['int', 'integer', 'smallint', 'mediumint', 'bigint', 'tinyint']);
const DOUBLE_TYPES = new Set(['double', 'real', 'double precision', 'float']);

/** geodiff's mapping of a declared SQLite / GeoPackage type to its base type (unknown types count as text). */
export function baseTypeOf(declaredType: string, isGeometry: boolean): BaseType {
  if (isGeometry) return 'geometry';
  const type = declaredType.toLowerCase();
  if (INTEGER_TYPES.has(type)) return 'integer';
  if (DOUBLE_TYPES.has(type)) return 'double';
  if (type === 'bool' || type === 'boolean') return 'boolean';
  if (type === 'blob') return 'blob';
  if (type === 'datetime') return 'datetime';
  if (type === 'date') return 'date';
  return 'text';
}

/** The names of every table of `schema` (virtual ones too), and which are geodiff's data tables. */
export interface TableNames {
  all: ReadonlySet<string>;
  /** The tables geodiff compares, in name order (see `listDataTables`). */
  data: string[];
}

/** Every table name of `schema` in one query, with the data tables among them. */
export function readTableNames(db: Database.Database, schema: string): TableNames {
  const rows = db
    .prepare(
      `SELECT name, sql LIKE 'CREATE VIRTUAL%' FROM ${quoteIdentifier(schema)}.sqlite_master
        WHERE type = 'table' ORDER BY name`,
    )
    .raw()
    .all() as [string, number | null][];
  const data = rows
    .filter(([name, isVirtual]) => isVirtual !== 1 && !isMetadataName(name))
    .map(([name]) => name);
  return { all: new Set(rows.map(([name]) => name)), data };
}

function isMetadataName(name: string): boolean {
  return name.startsWith('gpkg_') || name.startsWith('rtree_') || name.startsWith('sqlite_');
}

/**
 * The tables geodiff compares, in name order: every ordinary table except the GeoPackage metadata (`gpkg_*`),
 * spatial index tables (`rtree_*`) and SQLite's own (`sqlite_*`); virtual tables are left out.
 */
export function listDataTables(db: Database.Database, schema: string): string[] {
  return readTableNames(db, schema).data;
}

/** Whether `table` exists as a table in `schema`. */
export function hasTable(db: Database.Database, schema: string, table: string): boolean {
  return (
    db
      .prepare(`SELECT 1 FROM ${quoteIdentifier(schema)}.sqlite_master WHERE type = 'table' AND name = ?`)
      .get(table) !== undefined
  );
}

interface PragmaColumn {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

interface GeometryColumnRow {
  column_name: string;
  geometry_type_name: string;
  srs_id: number;
  z: number;
  m: number;
}

/**
 * The schema of `table` in `schema` (columns, their types and keys, geometry columns and CRS); `tables`, the
 * schema's table names when the caller read them (`readTableNames`), spares asking for the GeoPackage tables.
 */
export function readTableSchema(
  db: Database.Database,
  schema: string,
  table: string,
  tables?: ReadonlySet<string>,
): TableSchema {
  const exists = (name: string): boolean => (tables ? tables.has(name) : hasTable(db, schema, name));
  const rows = db
    .prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?, ?)')
    .all(table, schema) as PragmaColumn[];
  const columns: ColumnSchema[] = rows.map((row) => {
    const isPrimaryKey = row.pk > 0;
    return {
      name: row.name,
      declaredType: row.type,
      baseType: baseTypeOf(row.type, false),
      isPrimaryKey,
      isNotNull: row.notnull !== 0,
      isAutoIncrement: isPrimaryKey && row.type.toLowerCase() === 'integer',
    };
  });
  const result: TableSchema = { name: table, columns };
  if (!exists('gpkg_geometry_columns')) return result;

  const geometryRows = db
    .prepare(
      `SELECT column_name, geometry_type_name, srs_id, z, m
         FROM ${quoteIdentifier(schema)}.gpkg_geometry_columns WHERE table_name = ?`,
    )
    .all(table) as GeometryColumnRow[];
  for (const row of geometryRows) {
    const column = columns.find((candidate) => candidate.name === row.column_name);
    if (!column) {
      throw new InvalidDatabaseError(
        `gpkg_geometry_columns names a column '${row.column_name}' that table '${table}' does not have`,
      );
    }
    column.baseType = 'geometry';
    column.geometry = {
      type: row.geometry_type_name,
      srsId: row.srs_id,
      hasZ: row.z !== 0,
      hasM: row.m !== 0,
    };
    result.crs = readCrs(db, schema, row.srs_id, exists('gpkg_spatial_ref_sys'));
  }
  return result;
}

function readCrs(db: Database.Database, schema: string, srsId: number, hasSrsTable: boolean): CrsInfo {
  const row = hasSrsTable
    ? (db
        .prepare(
          `SELECT organization, organization_coordsys_id AS code
             FROM ${quoteIdentifier(schema)}.gpkg_spatial_ref_sys WHERE srs_id = ?`,
        )
        .get(srsId) as { organization: string | null; code: number | null } | undefined)
    : undefined;
  return { srsId, organization: row?.organization ?? null, code: row?.code ?? null };
}

function describeColumn(column: ColumnSchema): string {
  return column.geometry
    ? `${column.geometry.type}${column.geometry.hasZ ? ' Z' : ''}${column.geometry.hasM ? ' M' : ''} (srs ${column.geometry.srsId})`
    : column.declaredType || 'no type';
}

/** 'added a, b; removed c' for two lists of names ('' when they hold the same names). */
export function describeNameChanges(before: string[], after: string[]): string {
  const added = after.filter((name) => !before.includes(name));
  const removed = before.filter((name) => !after.includes(name));
  return [
    added.length > 0 ? `added ${added.join(', ')}` : '',
    removed.length > 0 ? `removed ${removed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

function describeCrs(crs: CrsInfo | undefined): string {
  if (!crs) return 'none';
  return crs.organization ? `${crs.organization}:${crs.code ?? '?'}` : `srs ${crs.srsId}`;
}

/**
 * What differs between a table's schema in the base and in the modified database, as geodiff judges it (declared
 * types only count through their base type), or undefined when they match.
 */
export function schemaDifference(base: TableSchema, modified: TableSchema): string | undefined {
  const table = `Table '${base.name}'`;
  const baseNames = base.columns.map((column) => column.name);
  const modifiedNames = modified.columns.map((column) => column.name);
  if (baseNames.join('\0') !== modifiedNames.join('\0')) {
    return `${table}: columns changed (${describeNameChanges(baseNames, modifiedNames) || 'reordered'})`;
  }
  for (const [i, before] of base.columns.entries()) {
    const after = modified.columns[i]!;
    const column = `${table}: column '${before.name}'`;
    if (before.baseType !== after.baseType || !sameGeometry(before.geometry, after.geometry)) {
      return `${column} changed type (${describeColumn(before)} → ${describeColumn(after)})`;
    }
    if (before.isPrimaryKey !== after.isPrimaryKey || before.isAutoIncrement !== after.isAutoIncrement) {
      return `${column} changed its primary key`;
    }
    if (before.isNotNull !== after.isNotNull) return `${column} changed its NOT NULL constraint`;
  }
  const crsBefore = base.crs;
  const crsAfter = modified.crs;
  if (
    crsBefore?.srsId !== crsAfter?.srsId ||
    crsBefore?.organization !== crsAfter?.organization ||
    crsBefore?.code !== crsAfter?.code
  ) {
    return `${table}: coordinate reference system changed (${describeCrs(crsBefore)} → ${describeCrs(crsAfter)})`;
  }
  return undefined;
}

function sameGeometry(a: GeometryInfo | undefined, b: GeometryInfo | undefined): boolean {
  if (!a || !b) return a === b;
  return a.type === b.type && a.srsId === b.srsId && a.hasZ === b.hasZ && a.hasM === b.hasM;
}
