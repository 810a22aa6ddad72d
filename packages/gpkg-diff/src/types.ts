/**
 * The public shapes of @waymark/gpkg-diff. The functions (see README.md) are:
 *
 * - `diff(basePath, modifiedPath, changesetPath): DiffResult` — compares two GeoPackage / SQLite files as geodiff
 *   does and writes the binary changeset (SQLite session format) to `changesetPath`, streamed; throws
 *   `SchemaChangeError` when the table lists or a table's columns differ.
 * - `summarize(changesetPath): TableSummary[]` — per-table counts read from a binary changeset.
 * - `readChanges(changesetPath, schemaDbPath?)`: an iterator of `ChangeDetail` (column names and WKT geometry
 *   taken from the database's schema when given).
 * - `readChangeset(changesetPath)` / `ChangesetWriter`: the binary format both ways.
 * - `apply(basePath, changesetPath, outputPath): void` — applies a binary changeset to a copy of `basePath` and
 *   moves the result to `outputPath` only when every change applied (`ConflictError` otherwise; no partial file).
 */

/** Rows inserted, updated and deleted in one table. */
export interface TableSummary {
  table: string;
  insert: number;
  update: number;
  delete: number;
}

/** What `diff` wrote. */
export interface DiffResult {
  /** Per-table counts, tables in name order; empty when nothing changed. */
  summary: TableSummary[];
  /** Bytes written to the changeset file (0 when nothing changed). */
  size: number;
}

/** A value in the detail list: geometry as WKT, other blobs as base64, NULL as null. */
export type ChangeValue = string | number | null;

/** One column of a changed row, as GET /v1/resource/changesets lists it. */
export interface ColumnChange {
  column: number;
  name: string;
  type: string;
  old?: ChangeValue;
  new?: ChangeValue;
}

/** One changed row. */
export interface ChangeDetail {
  table: string;
  type: ChangeOp;
  changes: ColumnChange[];
}

/** The three kinds of change of a changeset. */
export type ChangeOp = 'insert' | 'update' | 'delete';

/**
 * One value of a changeset record, typed as SQLite types it: `bigint` is an INTEGER (64-bit, exact), `number` a
 * REAL (even when it has no fraction), `string` TEXT, `Uint8Array` a BLOB, `null` SQL NULL and `undefined` the
 * changeset's "undefined" (a column an UPDATE leaves as it is).
 */
export type Value = bigint | number | string | Uint8Array | null | undefined;

/** A table header of a changeset: its name and, per column, whether it belongs to the primary key. */
export interface TableInfo {
  name: string;
  primaryKeys: boolean[];
}

/** One record of a changeset. `old` is there for updates and deletes, `new` for inserts and updates. */
export interface ChangesetEntry {
  table: TableInfo;
  op: ChangeOp;
  /** The session format's "indirect" flag (geodiff always writes false). */
  indirect: boolean;
  old?: Value[];
  new?: Value[];
}
