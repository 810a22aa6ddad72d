import { openReadOnly, quoteIdentifier as q } from '../sqlite/open-read-only.ts';
import { gpkgEnvelope } from '../geometry/gpkg-geometry.ts';
import { hasTable, listDataTables, readTableSchema } from '../sqlite/table-schema.ts';

/** A value as comparable text: the storage class and the value, blobs in hex. */
function show(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'bigint') return `int:${value}`;
  if (typeof value === 'number') return `real:${Object.is(value, -0) ? '-0' : value}`;
  if (typeof value === 'string') return `text:${value}`;
  if (value instanceof Uint8Array) return `blob:${Buffer.from(value).toString('hex')}`;
  return `?:${String(value)}`;
}

/**
 * Every row of the data tables geodiff compares (date/time columns as points in time, as geodiff's equality reads
 * them), ordered by key: two files with equal rows here are equal for geodiff.
 */
export function databaseRows(path: string): Record<string, string[]> {
  const connection = openReadOnly({ path, role: 'compared' });
  const { db } = connection;
  try {
    const result: Record<string, string[]> = {};
    for (const table of listDataTables(db, 'main')) {
      const schema = readTableSchema(db, 'main', table);
      const columns = schema.columns.map((column) =>
        column.baseType === 'datetime' ? `STRFTIME('%Y-%m-%d %H:%M:%f', ${q(column.name)})` : q(column.name),
      );
      const keys = schema.columns.filter((column) => column.isPrimaryKey).map((column) => q(column.name));
      const order = keys.length > 0 ? keys.join(', ') : columns.join(', ');
      const rows = db
        .prepare(`SELECT ${columns.join(', ')} FROM ${q(table)} ORDER BY ${order}`)
        .raw()
        .safeIntegers();
      result[table] = (rows.all() as unknown[][]).map((row) => row.map(show).join(' | '));
    }
    return result;
  } finally {
    connection.close();
  }
}

/** The float32 step at `value` (the R-tree stores float32 bounds, rounded outwards). */
function float32Step(value: number): number {
  const rounded = Math.fround(Math.abs(value));
  return Math.max(rounded * 2 ** -23, 2 ** -149) * 2;
}

/**
 * Disagreements between each GeoPackage R-tree spatial index and its table: a feature with a non-empty geometry
 * missing from the index, an index entry without such a feature, or bounds that do not enclose the geometry's
 * envelope to float32 precision. Empty when every index matches its rows.
 */
export function spatialIndexProblems(path: string): string[] {
  const connection = openReadOnly({ path, role: 'compared' });
  const { db } = connection;
  const problems: string[] = [];
  try {
    const indexed = hasTable(db, 'main', 'gpkg_extensions')
      ? (db
          .prepare(
            `SELECT table_name, column_name FROM gpkg_extensions WHERE extension_name = 'gpkg_rtree_index'`,
          )
          .all() as { table_name: string; column_name: string }[])
      : [];
    for (const { table_name: table, column_name: column } of indexed) {
      const index = `rtree_${table}_${column}`;
      const key = readTableSchema(db, 'main', table).columns.find(
        (candidate) => candidate.isPrimaryKey,
      )!.name;
      const boxes = new Map<bigint, number[]>();
      for (const row of db
        .prepare(`SELECT * FROM ${q(index)}`)
        .raw()
        .safeIntegers()
        .all() as unknown[][]) {
        boxes.set(row[0] as bigint, (row.slice(1) as number[]).map(Number));
      }
      const features = db
        .prepare(`SELECT ${q(key)}, ${q(column)} FROM ${q(table)}`)
        .raw()
        .safeIntegers();
      for (const [id, geometry] of features.iterate() as IterableIterator<[bigint, Uint8Array | null]>) {
        const envelope = geometry ? gpkgEnvelope(geometry) : undefined;
        const box = boxes.get(id);
        boxes.delete(id);
        if (!envelope) {
          if (box) problems.push(`${index}: ${id} has no geometry but an index entry`);
          continue;
        }
        if (!box) {
          problems.push(`${index}: ${id} is missing`);
          continue;
        }
        const [minX, maxX, minY, maxY] = box as [number, number, number, number];
        const encloses = (low: number, high: number, from: number, to: number) =>
          low <= from && high >= to && from - low <= float32Step(from) && high - to <= float32Step(to);
        if (
          !encloses(minX, maxX, envelope.minX, envelope.maxX) ||
          !encloses(minY, maxY, envelope.minY, envelope.maxY)
        ) {
          problems.push(
            `${index}: ${id} has bounds ${box.join(' ')} for the envelope ${Object.values(envelope).join(' ')}`,
          );
        }
      }
      for (const id of boxes.keys()) problems.push(`${index}: ${id} has an index entry but no feature`);
    }
    return problems;
  } finally {
    connection.close();
  }
}
