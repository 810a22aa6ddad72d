import { randomBytes } from 'node:crypto';
import { closeSync, constants, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ChangesetFormatError, ConflictError, GpkgDiffError, SchemaChangeError } from '../errors.ts';
import { readChangeset } from '../format/changeset-reader.ts';
import { registerGpkgFunctions } from '../geometry/gpkg-functions.ts';
import { checkDatabaseFile, quoteIdentifier as q } from '../sqlite/open-read-only.ts';
import { isKnownTrigger } from '../sqlite/known-triggers.ts';
import { hasTable, readTableSchema, type TableSchema } from '../sqlite/table-schema.ts';
import type { ChangesetEntry, Value } from '../types.ts';
import { type SpatialIndex, type StoredTrigger, takeOverSpatialIndexes } from './spatial-index.ts';

const DATETIME_FORMAT = `'%Y-%m-%d %H:%M:%f'`;

type Outcome = 'applied' | 'constraint';

/** A statement for one entry and its parameters; `counts` when it is a SELECT count(*) instead of a change. */
interface PreparedChange {
  statement: Database.Statement;
  params: Value[];
  counts: boolean;
}

/** Thrown inside when a statement failed on a constraint while the copy had no rollback journal. */
class NeedsJournal extends Error {}

/**
 * Applies a binary changeset to a copy of `basePath` and moves the copy to `outputPath` once every change applied.
 * The copy is made beside `outputPath`; all changes run in one transaction; each UPDATE and DELETE must match
 * exactly one row with its old values and each INSERT must not collide, otherwise `ConflictError` (with the table,
 * operation and key) and the copy is removed: there is never a partial output, and `basePath` is only read.
 * Changes to `gpkg_*` tables are skipped (older geodiff versions wrote some); triggers whose SQL is not one GDAL or
 * the GeoPackage spec writes (known-triggers.ts; the name does not count) are suspended during the apply (the
 * changeset already holds their effects) and restored, as geodiff does.
 * R-tree spatial indexes kept by GDAL's / QGIS's triggers are kept by the apply itself (spatial-index.ts): their
 * triggers are dropped, the touched features' boxes written in one pass at the end, the triggers created again.
 * Other index triggers run, with the ST_* functions they call registered on the connection.
 */
export function apply(basePath: string, changesetPath: string, outputPath: string): void {
  const facts = checkDatabaseFile(basePath, 'base');
  // The copy is thrown away on any failure, so it needs no rollback journal for the transaction (and writing one
  // would copy every page the changeset touches). Only a statement refused by a constraint needs one, to undo its
  // part and retry it later: then the apply starts over on a fresh copy with the journal. WAL-mode files keep WAL,
  // which writes no copies of old pages and whose mode is part of the file.
  if (!facts.isWal) {
    try {
      applyToCopy(basePath, changesetPath, outputPath, false);
      return;
    } catch (error) {
      if (!(error instanceof NeedsJournal)) throw error;
    }
  }
  applyToCopy(basePath, changesetPath, outputPath, true);
}

function applyToCopy(basePath: string, changesetPath: string, outputPath: string, hasJournal: boolean): void {
  const temporaryPath = resolve(`${outputPath}.${randomBytes(6).toString('hex')}.tmp`);
  let db: Database.Database | undefined;
  try {
    copyFileSync(basePath, temporaryPath, constants.COPYFILE_EXCL);
    db = new Database(temporaryPath, { fileMustExist: true });
    // The copy is data-synced once at the end; SQLite need not sync on its own.
    db.pragma('synchronous = OFF');
    if (!hasJournal) {
      // better-sqlite3 runs SQLite in defensive mode, which refuses journal_mode=OFF.
      db.unsafeMode(true);
      db.pragma('journal_mode = OFF');
      db.unsafeMode(false);
    }
    registerGpkgFunctions(db);
    applyInTransaction(db, changesetPath, hasJournal);
    db.close();
    db = undefined;
    const fd = openSync(temporaryPath, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporaryPath, outputPath);
  } catch (error) {
    db?.close();
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(temporaryPath + suffix, { force: true });
    if (error instanceof Database.SqliteError) {
      throw new GpkgDiffError(`SQLite error while applying the changeset: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}

function applyInTransaction(db: Database.Database, changesetPath: string, hasJournal: boolean): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.pragma('defer_foreign_keys = ON');
    // Only triggers whose SQL is GDAL's or the GeoPackage spec's run (their cost is a few statements per row); any
    // other is suspended, whatever its name, since a file's own trigger could take any time.
    const triggers = db
      .prepare(
        `SELECT name, tbl_name AS 'table', sql FROM main.sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL`,
      )
      .all() as StoredTrigger[];
    const custom = triggers.filter(({ sql }) => !isKnownTrigger(sql));
    for (const { name } of custom) db.exec(`DROP TRIGGER ${q(name)}`);

    const tables = new Map<string, TableApplier>();
    const postponed: ChangesetEntry[] = [];
    for (const entry of readChangeset(changesetPath)) {
      if (entry.table.name.startsWith('gpkg_')) continue;
      let applier = tables.get(entry.table.name);
      if (!applier) {
        applier = new TableApplier(db, entry, custom);
        tables.set(entry.table.name, applier);
      }
      // A constraint may only hold once later changes are in (e.g. a unique value moving between rows). Without
      // a journal the refused statement cannot be undone for sure: start over with one.
      if (applier.apply(entry) === 'constraint') {
        if (!hasJournal) throw new NeedsJournal();
        postponed.push(entry);
      }
    }
    retryPostponed(postponed, tables);

    for (const applier of tables.values()) applier.finish();
    for (const { sql } of custom) db.exec(sql);
    try {
      db.exec('COMMIT');
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT')) {
        throw new ConflictError(`The changeset breaks a constraint of the database (${error.message})`, '');
      }
      throw error;
    }
  } catch (error) {
    // Without a journal a rollback is undefined; the copy is deleted anyway.
    if (hasJournal && db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** Applies postponed entries again until all applied or a round makes no progress (then the first one conflicts). */
function retryPostponed(postponed: ChangesetEntry[], tables: Map<string, TableApplier>): void {
  let pending = postponed;
  while (pending.length > 0) {
    const still = pending.filter((entry) => tables.get(entry.table.name)!.apply(entry) === 'constraint');
    if (still.length === pending.length) {
      const [first] = still;
      const applier = tables.get(first!.table.name)!;
      throw applier.conflict(first!, applier.lastConstraintError ?? 'a constraint failed');
    }
    pending = still;
  }
}

/** SQLite accepts Buffers as blobs; other Uint8Arrays are wrapped without copying. */
function bindable(value: Value): Value {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

/** Applies the entries of one table, with its statements prepared once (updates: once per set of changed columns). */
class TableApplier {
  private readonly schema: TableSchema;
  private readonly insert: Database.Statement;
  private readonly remove: Database.Statement;
  private readonly updates = new Map<string, Database.Statement>();
  /** The table's R-tree indexes, kept in bulk with their triggers dropped (spatial-index.ts). */
  private readonly spatialIndexes: SpatialIndex[];
  private allColumnIndexes: number[] | undefined;
  lastConstraintError: string | undefined;

  constructor(
    private readonly db: Database.Database,
    entry: ChangesetEntry,
    /** The triggers suspended for the apply (not recognised as GDAL's or the spec's). */
    suspended: StoredTrigger[],
  ) {
    const name = entry.table.name;
    if (!hasTable(db, 'main', name)) {
      throw new SchemaChangeError(`The changeset changes table '${name}', which the file does not have`);
    }
    this.schema = readTableSchema(db, 'main', name);
    const columns = this.schema.columns;
    if (columns.length !== entry.table.primaryKeys.length) {
      throw new SchemaChangeError(
        `Table '${name}' has ${columns.length} columns in the file but ${entry.table.primaryKeys.length} in the changeset`,
      );
    }
    if (columns.some((column, i) => column.isPrimaryKey !== entry.table.primaryKeys[i])) {
      throw new SchemaChangeError(
        `Table '${name}' has another primary key in the file than in the changeset`,
      );
    }
    // Before any statement is prepared: dropping triggers changes the schema.
    this.spatialIndexes = takeOverSpatialIndexes(db, this.schema, suspended);
    const list = columns.map((column) => q(column.name)).join(', ');
    this.insert = db.prepare(
      `INSERT INTO ${q(name)} (${list}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    this.remove = db.prepare(`DELETE FROM ${q(name)} WHERE ${this.where(this.allColumns)}`);
  }

  /** Applies one entry: 'constraint' when a constraint refused it (to retry later); throws on a mismatch. */
  apply(entry: ChangesetEntry): Outcome {
    const { statement, params, counts } = this.statementFor(entry);
    let changes: number;
    try {
      const bound = params.map(bindable);
      changes = counts ? Number(statement.get(bound)) : statement.run(bound).changes;
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT')) {
        this.lastConstraintError = error.message;
        return 'constraint';
      }
      throw error;
    }
    if (changes !== 1) {
      throw this.conflict(entry, 'no row has this key with the old values of the changeset');
    }
    for (const index of this.spatialIndexes) index.note(entry.op, entry.old, entry.new);
    return 'applied';
  }

  /** Brings the R-tree indexes up to date with the applied changes and creates their triggers again. */
  finish(): void {
    for (const index of this.spatialIndexes) {
      index.update();
      for (const sql of index.triggers) this.db.exec(sql);
    }
  }

  /** The ConflictError of `entry`, naming the table, the operation and the row's key. */
  conflict(entry: ChangesetEntry, why: string): ConflictError {
    const values = entry.op === 'insert' ? entry.new : entry.old;
    const key = this.schema.columns
      .flatMap((column, i) => (column.isPrimaryKey ? [`${column.name}=${describeValue(values?.[i])}`] : []))
      .join(', ');
    const op = entry.op.toUpperCase();
    return new ConflictError(
      `The changeset does not fit the file: ${op} of the row ${key} in table '${this.schema.name}' failed (${why})`,
      this.schema.name,
      entry.op,
    );
  }

  private statementFor(entry: ChangesetEntry): PreparedChange {
    const oldValues = entry.old ?? [];
    if (entry.op === 'insert') return { statement: this.insert, params: entry.new ?? [], counts: false };
    if (entry.op === 'delete')
      return {
        statement: this.remove,
        params: this.pushWhereParams([], this.allColumns, oldValues),
        counts: false,
      };
    return this.updateFor(oldValues, entry.new ?? []);
  }

  /**
   * `UPDATE … SET <changed> = ? WHERE <key and changed columns> IS <old>`, prepared once per set of changed
   * columns; an update that changes nothing only checks that the row is there.
   */
  private updateFor(oldValues: Value[], newValues: Value[]): PreparedChange {
    const columns = this.schema.columns;
    // Plain loops: this runs once per updated row.
    const changed: number[] = [];
    const checked: number[] = [];
    for (let i = 0; i < columns.length; i++) {
      const isChanged = newValues[i] !== undefined;
      if (isChanged) changed.push(i);
      if (!isChanged && oldValues[i] === undefined && !columns[i]!.isPrimaryKey) continue;
      if (oldValues[i] === undefined) {
        throw new ChangesetFormatError(
          `Invalid changeset: an update of table '${this.schema.name}' lacks the old value of column '${columns[i]!.name}'`,
        );
      }
      checked.push(i);
    }
    const signature = `${changed.join(',')}|${checked.join(',')}`;
    let statement = this.updates.get(signature);
    const table = q(this.schema.name);
    if (!statement) {
      const where = this.where(checked);
      const sets = changed.map((i) => `${q(columns[i]!.name)} = ?`).join(', ');
      statement =
        changed.length > 0
          ? this.db.prepare(`UPDATE ${table} SET ${sets} WHERE ${where}`)
          : this.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck();
      this.updates.set(signature, statement);
    }
    const params: Value[] = [];
    for (const i of changed) params.push(newValues[i]);
    this.pushWhereParams(params, checked, oldValues);
    return { statement, params, counts: changed.length === 0 };
  }

  private get allColumns(): number[] {
    return (this.allColumnIndexes ??= this.schema.columns.map((_, i) => i));
  }

  /** The condition that each of `indexes` holds its bound value (date/times as points in time, as geodiff does). */
  private where(indexes: number[]): string {
    return indexes
      .map((i) => {
        const column = this.schema.columns[i]!;
        const name = q(column.name);
        if (!this.isTimeCompared(i)) return `${name} IS ?`;
        const time = (expression: string) => `STRFTIME(${DATETIME_FORMAT}, ${expression})`;
        return `(${name} IS ? OR (${time(name)} IS NOT NULL AND ${time(name)} IS ${time('?')}))`;
      })
      .join(' AND ');
  }

  /** Adds the parameters of `where(indexes)` to `params`: date/time values are bound twice. */
  private pushWhereParams(params: Value[], indexes: number[], values: Value[]): Value[] {
    for (const i of indexes) {
      params.push(values[i]);
      if (this.isTimeCompared(i)) params.push(values[i]);
    }
    return params;
  }

  private isTimeCompared(i: number): boolean {
    const column = this.schema.columns[i]!;
    return column.baseType === 'datetime' && !column.isPrimaryKey;
  }
}

/** A value as it reads in a conflict message. */
function describeValue(value: Value): string {
  if (value === undefined) return '?';
  if (value === null) return 'NULL';
  if (typeof value === 'string') return `'${value}'`;
  if (value instanceof Uint8Array) return `<blob of ${value.length} bytes>`;
  return String(value);
}
