import { randomBytes } from 'node:crypto';
import { renameSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { SchemaChangeError } from '../errors.ts';
import { ChangesetWriter, type EntryToWrite } from '../format/changeset-writer.ts';
import { openReadOnly, quoteIdentifier as q } from '../sqlite/open-read-only.ts';
import {
  describeNameChanges,
  readTableNames,
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
  const baseTables = readTableNames(db, BASE);
  const modifiedTables = readTableNames(db, MODIFIED);
  if (baseTables.data.join('\0') !== modifiedTables.data.join('\0')) {
    throw new SchemaChangeError(
      `The tables differ (${describeNameChanges(baseTables.data, modifiedTables.data)})`,
    );
  }
  const schemas: TableSchema[] = [];
  for (const table of baseTables.data) {
    const base = readTableSchema(db, BASE, table, baseTables.all);
    const difference = schemaDifference(base, readTableSchema(db, MODIFIED, table, modifiedTables.all));
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
 * One scan of `from`'s table joined on the key to `other`'s that finds both its rows `other` lacks (the `other`
 * columns come back NULL) and its changed ones (some non-key column differs): `from`'s values, then `other`'s, then
 * for each DATETIME column whether it differs as a point in time (geodiff ignores another spelling of the same
 * time), then whether `other` lacks the row. One scan with one key lookup per row instead of geodiff's two queries.
 */
function unmatchedOrChangedRowsQuery(table: TableSchema, from: string, other: string): string {
  const name = q(table.name);
  const firstKey = table.columns.find((column) => column.isPrimaryKey)!;
  const differs = table.columns
    .filter((column) => !column.isPrimaryKey)
    .map((column) => `${from}.${name}.${q(column.name)} IS NOT ${other}.${name}.${q(column.name)}`);
  const timeDiffers = table.columns
    .filter((column) => column.baseType === 'datetime')
    .map(
      (column) =>
        `STRFTIME(${DATETIME_FORMAT}, ${from}.${name}.${q(column.name)}) IS NOT ` +
        `STRFTIME(${DATETIME_FORMAT}, ${other}.${name}.${q(column.name)})`,
    );
  // A key column never matches when NULL (`=`), so a NULL key of `other` means "no such row there".
  const isUnmatched = `${other}.${name}.${q(firstKey.name)} IS NULL`;
  const selected = [columnsOf(from, table), columnsOf(other, table), ...timeDiffers, isUnmatched].join(', ');
  const where = [isUnmatched, ...differs].join(' OR ');
  return `SELECT ${selected} FROM ${from}.${name} LEFT JOIN ${other}.${name} ON ${keysMatch(table)}
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
 * Whether `table`'s key is its rowid in both databases (an INTEGER PRIMARY KEY): then every scan of the table, in
 * either file, yields its rows in key order, and SQLite finds a key range without a scan.
 */
function isKeyTheRowid(db: Database.Database, table: TableSchema): boolean {
  const keys = table.columns.filter((column) => column.isPrimaryKey);
  if (keys.length !== 1 || !keys[0]!.isAutoIncrement) return false;
  // Any other key (INTEGER PRIMARY KEY DESC, WITHOUT ROWID tables) has an index of its own, made for the key.
  const keyIndexes = db
    .prepare(
      `SELECT count(*) FROM (SELECT origin FROM pragma_index_list(@table, '${BASE}')
         UNION ALL SELECT origin FROM pragma_index_list(@table, '${MODIFIED}')) WHERE origin = 'pk'`,
    )
    .pluck()
    .get({ table: table.name });
  return keyIndexes === 0;
}

/** The update record of a joined row (old values at `oldAt`, new ones at `newAt`), or undefined if none changed. */
function updateOf(
  row: Value[],
  table: TableSchema,
  datetimeColumns: number[],
  oldAt: number,
  newAt: number,
): EntryToWrite | undefined {
  const count = table.columns.length;
  const oldValues: Value[] = new Array<Value>(count);
  const newValues: Value[] = new Array<Value>(count);
  let hasUpdates = false;
  for (let i = 0; i < count; i++) {
    const now = row[newAt + i];
    const before = row[oldAt + i];
    let isUpdated = !sameValue(before, now);
    if (isUpdated && datetimeColumns.includes(i)) {
      isUpdated = row[2 * count + datetimeColumns.indexOf(i)] === 1n;
    }
    if (isUpdated) hasUpdates = true;
    oldValues[i] = isUpdated || table.columns[i]!.isPrimaryKey ? before : undefined;
    newValues[i] = isUpdated ? now : undefined;
  }
  return hasUpdates ? { op: 'update', old: oldValues, new: newValues } : undefined;
}

/** The changes of one table, found by scans, and where they are written. */
interface TableDiff {
  db: Database.Database;
  table: TableSchema;
  info: TableInfo;
  writer: ChangesetWriter;
  counter: SummaryCounter;
  /** Spool files of entries that wait until the entries geodiff writes before them are written. */
  spools: ChangesetWriter[];
}

/**
 * Writes one table's entries in geodiff's order: inserted rows, deleted rows, updated rows, each group in the order
 * of a scan of its table. The waiting groups go to spool files (memory stays flat) and are appended in turn.
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
  const work: TableDiff = { db, table, info, writer, counter, spools: [] };
  try {
    if (isKeyTheRowid(db, table)) writeFromBaseScan(work);
    else writeFromModifiedScan(work);
  } finally {
    for (const spool of work.spools) spool.discard();
  }
}

function spool(work: TableDiff, suffix: string): ChangesetWriter {
  const created = new ChangesetWriter(`${work.writer.path}.${suffix}`, { spool: true });
  created.continueTable(work.info);
  work.spools.push(created);
  return created;
}

function rowsOf(db: Database.Database, sql: string, ...parameters: unknown[]): IterableIterator<Value[]> {
  return db
    .prepare(sql)
    .raw()
    .safeIntegers()
    .iterate(...parameters) as IterableIterator<Value[]>;
}

/** Writes the table header once, before the first entry of the table. */
function headerOnce(work: TableDiff): () => void {
  let hasHeader = false;
  return () => {
    if (!hasHeader) work.writer.beginTable(work.info);
    hasHeader = true;
  };
}

/**
 * For tables keyed by their rowid: one scan of the base table finds the deleted rows and the changed ones (both in
 * rowid order, which is also the modified table's scan order). Inserted rows are those above the base's largest
 * key (a range SQLite seeks) unless the row counts say some took a lower key: only then the modified table is
 * scanned for them too.
 */
function writeFromBaseScan(work: TableDiff): void {
  const { db, table, writer, counter } = work;
  const count = table.columns.length;
  const datetimeColumns = table.columns.flatMap((column, i) => (column.baseType === 'datetime' ? [i] : []));
  const unmatchedFlag = 2 * count + datetimeColumns.length;
  let deletes: ChangesetWriter | undefined;
  let updates: ChangesetWriter | undefined;
  let deleted = 0n;
  for (const row of rowsOf(db, unmatchedOrChangedRowsQuery(table, BASE, MODIFIED))) {
    if (row[unmatchedFlag] === 1n) {
      deletes ??= spool(work, 'deletes');
      deletes.writeEntry({ op: 'delete', old: row.slice(0, count) });
      counter.add(table.name, 'delete');
      deleted++;
      continue;
    }
    const update = updateOf(row, table, datetimeColumns, 0, count);
    if (!update) continue;
    updates ??= spool(work, 'updates');
    updates.writeEntry(update);
    counter.add(table.name, 'update');
  }

  const name = q(table.name);
  const key = q(table.columns.find((column) => column.isPrimaryKey)!.name);
  const largest = db.prepare(`SELECT max(${key}) FROM ${BASE}.${name}`).pluck().safeIntegers().get();
  const above = `FROM ${MODIFIED}.${name} WHERE ${key} > ?`;
  // Modified rows above the base's largest key are inserted ones; they are all of them when the counts say so.
  const aboveCount = (): bigint =>
    db.prepare(`SELECT count(*) ${above}`).pluck().safeIntegers().get(largest) as bigint;
  const isAllAbove =
    largest !== null &&
    countRows(db, MODIFIED, table) - aboveCount() === countRows(db, BASE, table) - deleted;
  const inserted = isAllAbove
    ? rowsOf(db, `SELECT ${columnsOf(MODIFIED, table)} ${above}`, largest)
    : rowsOf(db, missingRowsQuery(table, MODIFIED, BASE));
  const begin = headerOnce(work);
  for (const row of inserted) {
    begin();
    writer.writeEntry({ op: 'insert', new: row });
    counter.add(table.name, 'insert');
  }
  for (const waiting of [deletes, updates]) {
    if (!waiting) continue;
    begin();
    writer.append(waiting);
  }
}

/**
 * For other tables (the key is not the rowid, so each file's scan has its own order): inserted and updated rows
 * come from one scan of the modified table; the updates wait in a spool file until the deletes are written. The
 * base table is scanned for deletes only when the row counts say some row is gone.
 */
function writeFromModifiedScan(work: TableDiff): void {
  const { db, table, writer, counter } = work;
  const count = table.columns.length;
  const datetimeColumns = table.columns.flatMap((column, i) => (column.baseType === 'datetime' ? [i] : []));
  const insertedFlag = 2 * count + datetimeColumns.length;
  const begin = headerOnce(work);
  let updates: ChangesetWriter | undefined;
  let inserted = 0n;
  for (const row of rowsOf(db, unmatchedOrChangedRowsQuery(table, MODIFIED, BASE))) {
    if (row[insertedFlag] === 1n) {
      begin();
      writer.writeEntry({ op: 'insert', new: row.slice(0, count) });
      counter.add(table.name, 'insert');
      inserted++;
      continue;
    }
    const update = updateOf(row, table, datetimeColumns, count, 0);
    if (!update) continue;
    updates ??= spool(work, 'updates');
    updates.writeEntry(update);
    counter.add(table.name, 'update');
  }

  const matched = countRows(db, MODIFIED, table) - inserted;
  if (countRows(db, BASE, table) !== matched) {
    for (const row of rowsOf(db, missingRowsQuery(table, BASE, MODIFIED))) {
      begin();
      writer.writeEntry({ op: 'delete', old: row });
      counter.add(table.name, 'delete');
    }
  }

  if (updates) {
    begin();
    writer.append(updates);
  }
}
