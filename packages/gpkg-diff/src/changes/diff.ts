import { randomBytes } from 'node:crypto';
import { renameSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { SchemaChangeError } from '../errors.ts';
import { ChangesetWriter } from '../format/changeset-writer.ts';
import { openReadOnly, quoteIdentifier as q } from '../sqlite/open-read-only.ts';
import {
  describeNameChanges,
  listDataTables,
  readTableSchema,
  schemaDifference,
  type TableSchema,
} from '../sqlite/table-schema.ts';
import { wrapSqliteError } from '../sqlite/sqlite-errors.ts';
import type { DiffResult, TableInfo, Value } from '../types.ts';
import { SummaryCounter } from './summarize.ts';

// As in geodiff, the modified database is `main` and the base one is attached as `aux`.
const MODIFIED = 'main';
const BASE = 'aux';
const DATETIME_FORMAT = `'%Y-%m-%d %H:%M:%f'`;

/**
 * Compares two GeoPackage / SQLite files as geodiff does and writes the binary changeset to `changesetPath`:
 * tables in name order, per table the inserted rows, then the deleted ones, then the updated ones (key and changed
 * columns only), each in the order SQLite's scan of the table yields them. SQLite finds the changed rows (set
 * queries joined on the primary key); only those are encoded here. When nothing changed the file is written empty
 * (0 bytes). The inputs are opened read-only and nothing is ever created beside them. Throws `SchemaChangeError`
 * when the table lists or a table's columns differ; the changeset file then does not exist.
 */
export function diff(basePath: string, modifiedPath: string, changesetPath: string): DiffResult {
  const connection = openReadOnly(
    { path: modifiedPath, role: 'modified' },
    { path: basePath, role: 'base', schema: BASE },
  );
  try {
    const schemas = wrapSqliteError(() => comparedSchemas(connection.db));
    const temporaryPath = `${changesetPath}.${randomBytes(6).toString('hex')}.tmp`;
    const writer = new ChangesetWriter(temporaryPath);
    try {
      const counter = new SummaryCounter();
      wrapSqliteError(() => {
        for (const schema of schemas) writeTableChanges(connection.db, schema, writer, counter);
      });
      const size = writer.close({ sync: true });
      renameSync(temporaryPath, changesetPath);
      return { summary: counter.rows(), size };
    } catch (error) {
      writer.discard();
      throw error;
    }
  } finally {
    connection.close();
  }
}

/** The base schemas of the tables to compare, once both databases proved to have the same tables and columns. */
function comparedSchemas(db: Database.Database): TableSchema[] {
  const baseTables = listDataTables(db, BASE);
  const modifiedTables = listDataTables(db, MODIFIED);
  if (baseTables.join('\0') !== modifiedTables.join('\0')) {
    throw new SchemaChangeError(`The tables differ (${describeNameChanges(baseTables, modifiedTables)})`);
  }
  const schemas: TableSchema[] = [];
  for (const table of baseTables) {
    const base = readTableSchema(db, BASE, table);
    const difference = schemaDifference(base, readTableSchema(db, MODIFIED, table));
    if (difference) throw new SchemaChangeError(difference);
    // Tables without a primary key cannot be matched row by row: geodiff leaves them out.
    if (base.columns.some((column) => column.isPrimaryKey)) schemas.push(base);
  }
  return schemas;
}

function columnsOf(schema: string, table: TableSchema): string {
  return table.columns.map((column) => `${schema}.${q(table.name)}.${q(column.name)}`).join(', ');
}

function keysMatch(table: TableSchema): string {
  return table.columns
    .filter((column) => column.isPrimaryKey)
    .map(
      (column) =>
        `${MODIFIED}.${q(table.name)}.${q(column.name)} = ${BASE}.${q(table.name)}.${q(column.name)}`,
    )
    .join(' AND ');
}

/** Rows of `from` whose key `other` lacks: inserted rows (from modified) or deleted ones (from base). */
function missingRowsQuery(table: TableSchema, from: string, other: string): string {
  return `SELECT ${columnsOf(from, table)} FROM ${from}.${q(table.name)}
           WHERE NOT EXISTS (SELECT 1 FROM ${other}.${q(table.name)} WHERE ${keysMatch(table)})`;
}

/**
 * One scan of the modified table that finds both its inserted rows (no base row with that key: the base columns
 * come back NULL) and its changed ones (some non-key column differs): the modified values, then the base ones, then
 * for each DATETIME column whether it differs as a point in time (geodiff ignores another spelling of the same
 * time), then whether the base row exists. One scan with one key lookup per row instead of geodiff's two queries.
 */
function changedOrInsertedRowsQuery(table: TableSchema): string {
  const name = q(table.name);
  const firstKey = table.columns.find((column) => column.isPrimaryKey)!;
  const differs = table.columns
    .filter((column) => !column.isPrimaryKey)
    .map((column) => `${MODIFIED}.${name}.${q(column.name)} IS NOT ${BASE}.${name}.${q(column.name)}`);
  const timeDiffers = table.columns
    .filter((column) => column.baseType === 'datetime')
    .map(
      (column) =>
        `STRFTIME(${DATETIME_FORMAT}, ${MODIFIED}.${name}.${q(column.name)}) IS NOT ` +
        `STRFTIME(${DATETIME_FORMAT}, ${BASE}.${name}.${q(column.name)})`,
    );
  // A key column never matches when NULL (`=`), so a NULL base key means "no base row".
  const isInserted = `${BASE}.${name}.${q(firstKey.name)} IS NULL`;
  const selected = [columnsOf(MODIFIED, table), columnsOf(BASE, table), ...timeDiffers, isInserted].join(
    ', ',
  );
  const where = [isInserted, ...differs].join(' OR ');
  return `SELECT ${selected} FROM ${MODIFIED}.${name} LEFT JOIN ${BASE}.${name} ON ${keysMatch(table)}
           WHERE ${where}`;
}

/** Whether two values read from SQLite are the same value of the same type (floats exactly, blobs by bytes). */
function sameValue(a: Value, b: Value): boolean {
  if (a instanceof Uint8Array)
    return b instanceof Uint8Array && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);
  return a === b;
}

/** Number of rows of `schema`'s table (SQLite counts from the smallest index, decoding no row). */
function countRows(db: Database.Database, schema: string, table: TableSchema): bigint {
  return db
    .prepare(`SELECT count(*) FROM ${schema}.${q(table.name)}`)
    .pluck()
    .safeIntegers()
    .get() as bigint;
}

/**
 * Writes one table's entries in geodiff's order: inserted rows, deleted rows, updated rows, each group in the order
 * of a scan of its table. Inserted and updated rows come from one scan of the modified table; the updates wait in
 * a spool file (memory stays flat) until the deletes are written. The base table is scanned for deletes only when
 * the row counts say some row is gone.
 */
function writeTableChanges(
  db: Database.Database,
  table: TableSchema,
  writer: ChangesetWriter,
  counter: SummaryCounter,
): void {
  const info: TableInfo = {
    name: table.name,
    primaryKeys: table.columns.map((column) => column.isPrimaryKey),
  };
  let hasHeader = false;
  const begin = (): void => {
    if (!hasHeader) writer.beginTable(info);
    hasHeader = true;
  };
  const rows = (sql: string): IterableIterator<Value[]> =>
    db.prepare(sql).raw().safeIntegers().iterate() as IterableIterator<Value[]>;

  const count = table.columns.length;
  const datetimeColumns = table.columns.flatMap((column, i) => (column.baseType === 'datetime' ? [i] : []));
  const insertedFlag = 2 * count + datetimeColumns.length;
  let updates: ChangesetWriter | undefined;
  let inserted = 0n;
  try {
    for (const row of rows(changedOrInsertedRowsQuery(table))) {
      if (row[insertedFlag] === 1n) {
        begin();
        writer.writeEntry({ op: 'insert', new: row.slice(0, count) });
        counter.add(table.name, 'insert');
        inserted++;
        continue;
      }
      const oldValues: Value[] = new Array<Value>(count);
      const newValues: Value[] = new Array<Value>(count);
      let hasUpdates = false;
      for (let i = 0; i < count; i++) {
        const now = row[i];
        const before = row[count + i];
        let isUpdated = !sameValue(before, now);
        if (isUpdated && datetimeColumns.includes(i)) {
          isUpdated = row[2 * count + datetimeColumns.indexOf(i)] === 1n;
        }
        if (isUpdated) hasUpdates = true;
        oldValues[i] = isUpdated || table.columns[i]!.isPrimaryKey ? before : undefined;
        newValues[i] = isUpdated ? now : undefined;
      }
      if (!hasUpdates) continue;
      if (!updates) {
        updates = new ChangesetWriter(`${writer.path}.updates`);
        updates.continueTable(info);
      }
      updates.writeEntry({ op: 'update', old: oldValues, new: newValues });
      counter.add(table.name, 'update');
    }

    const matched = countRows(db, MODIFIED, table) - inserted;
    if (countRows(db, BASE, table) !== matched) {
      for (const row of rows(missingRowsQuery(table, BASE, MODIFIED))) {
        begin();
        writer.writeEntry({ op: 'delete', old: row });
        counter.add(table.name, 'delete');
      }
    }

    if (updates) {
      begin();
      writer.append(updates);
    }
  } finally {
    updates?.discard();
  }
}
