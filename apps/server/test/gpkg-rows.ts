import Database from 'better-sqlite3';

/**
 * Every row of a GeoPackage's data tables (not `gpkg_*`, `rtree_*` or SQLite's own), as sorted comparable
 * texts per table: two files with equal results hold the same data.
 */
export function gpkgRows(file: string): Record<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table'
           AND name NOT LIKE 'gpkg%' AND name NOT LIKE 'rtree%' AND name NOT LIKE 'sqlite%' ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    const show = (value: unknown) =>
      value instanceof Uint8Array ? `x'${Buffer.from(value).toString('hex')}'` : String(value);
    return Object.fromEntries(
      tables.map((table) => {
        const rows = db
          .prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`)
          .raw()
          .safeIntegers()
          .all() as unknown[][];
        return [table, rows.map((row) => row.map(show).join(' | ')).sort()];
      }),
    );
  } finally {
    db.close();
  }
}
