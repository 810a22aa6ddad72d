import type Database from 'better-sqlite3';
import { gpkgEnvelope } from '../geometry/gpkg-geometry.ts';
import { quoteIdentifier as q } from '../sqlite/open-read-only.ts';
import type { TableSchema } from '../sqlite/table-schema.ts';
import type { Value } from '../types.ts';

/** Marks a feature whose geometry is read back from its table at the end (its key changed in an update). */
const READ_BACK = Symbol('read back');

/**
 * One GeoPackage R-tree spatial index (`rtree_<table>_<column>`, kept by GDAL's or QGIS's triggers) that `apply`
 * keeps itself: its triggers are dropped for the apply, the features the changeset touches are noted, and at the
 * end each of them gets the box of its geometry's envelope in one pass, or no entry when its geometry is NULL,
 * empty or not a geometry — the state the triggers keep, without five calls from SQLite into JavaScript per row.
 * The triggers are created again before the commit.
 */
class SpatialIndex {
  /** Per touched feature key: its geometry now, or READ_BACK. In change order: a later change wins. */
  private readonly touched = new Map<Value, Value | typeof READ_BACK>();

  constructor(
    private readonly db: Database.Database,
    private readonly table: string,
    private readonly index: string,
    private readonly keyColumn: number,
    private readonly geometryColumn: number,
    private readonly columnNames: string[],
    /** The CREATE TRIGGER statements of the index, to restore. */
    readonly triggers: string[],
  ) {}

  /** Notes an applied change: `old` and `new` values as in the changeset. */
  note(
    op: 'insert' | 'update' | 'delete',
    oldValues: Value[] | undefined,
    newValues: Value[] | undefined,
  ): void {
    const key = this.keyColumn;
    const geometry = this.geometryColumn;
    if (op === 'insert') {
      this.touched.set(newValues![key], newValues![geometry]);
    } else if (op === 'delete') {
      this.touched.set(oldValues![key], null);
    } else {
      const newKey = newValues![key];
      if (newKey !== undefined && newKey !== oldValues![key]) {
        this.touched.set(oldValues![key], null);
        this.touched.set(newKey, READ_BACK);
      } else if (newValues![geometry] !== undefined) {
        this.touched.set(oldValues![key], newValues![geometry]);
      }
    }
  }

  /** Writes the boxes of the touched features (or removes their entries). */
  update(): void {
    if (this.touched.size === 0) return;
    const index = q(this.index);
    const replace = this.db.prepare(`INSERT OR REPLACE INTO ${index} VALUES (?, ?, ?, ?, ?)`);
    const remove = this.db.prepare(`DELETE FROM ${index} WHERE id = ?`);
    const readBack = this.db
      .prepare(
        `SELECT ${q(this.columnNames[this.geometryColumn]!)} FROM ${q(this.table)}
          WHERE ${q(this.columnNames[this.keyColumn]!)} = ?`,
      )
      .pluck();
    for (const [key, value] of this.touched) {
      const geometry = value === READ_BACK ? (readBack.get(key) as Value) : value;
      const box = geometry instanceof Uint8Array ? gpkgEnvelope(geometry) : undefined;
      if (box) replace.run(key, box.minX, box.maxX, box.minY, box.maxY);
      else remove.run(key);
    }
    this.touched.clear();
  }
}

/** A trigger as sqlite_master holds it. */
export type StoredTrigger = { name: string; table: string; sql: string };

/**
 * Takes over the R-tree spatial indexes of `schema`'s table: those of its geometry columns that exist as
 * `rtree_<table>_<column>` virtual tables and are kept by triggers named `rtree_<table>_<column>_…`, for a table
 * keyed by an INTEGER PRIMARY KEY (the index's id). Their triggers are dropped here; the caller notes each applied
 * change, calls `update()` and runs `triggers` again. Other indexes keep their triggers. Triggers of the index that
 * the apply suspended already (`suspended`: their SQL is not GDAL's or the spec's) count for the decision, so such
 * an index is still kept right; they are never run, here or by SQLite.
 */
export function takeOverSpatialIndexes(
  db: Database.Database,
  schema: TableSchema,
  suspended: readonly StoredTrigger[],
): SpatialIndex[] {
  const keys = schema.columns.flatMap((column, i) => (column.isPrimaryKey ? [i] : []));
  const keyColumn = keys[0];
  if (keys.length !== 1 || keyColumn === undefined || !schema.columns[keyColumn]!.isAutoIncrement) return [];
  const triggers = db
    .prepare(
      `SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND sql IS NOT NULL`,
    )
    .all(schema.name) as { name: string; sql: string }[];
  const indexes: SpatialIndex[] = [];
  for (const [geometryColumn, column] of schema.columns.entries()) {
    if (!column.geometry) continue;
    const index = `rtree_${schema.name}_${column.name}`;
    const isVirtualTable = db
      .prepare(
        `SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ? AND sql LIKE 'CREATE VIRTUAL TABLE%'`,
      )
      .get(index);
    const own = triggers.filter(({ name }) => name.startsWith(`${index}_`));
    const hasSuspended = suspended.some(
      ({ name, table }) => table === schema.name && name.startsWith(`${index}_`),
    );
    if (!isVirtualTable || (own.length === 0 && !hasSuspended)) continue;
    for (const { name } of own) db.exec(`DROP TRIGGER ${q(name)}`);
    indexes.push(
      new SpatialIndex(
        db,
        schema.name,
        index,
        keyColumn,
        geometryColumn,
        schema.columns.map(({ name }) => name),
        own.map(({ sql }) => sql),
      ),
    );
  }
  return indexes;
}

export type { SpatialIndex };
