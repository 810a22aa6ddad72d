import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diff } from '@waymark/gpkg-diff';
import Database from 'better-sqlite3';

/** A file and a changeset for it, as bytes; `files` are the same on disk (removed by `remove`). */
export type CostlyCase = {
  base: Buffer;
  modified: Buffer;
  changeset: Buffer;
  files: { base: string; modified: string; changeset: string };
  remove(): void;
};

/** Makes base and modified by `setup` and `edit` (SQL), and the changeset between them. */
function makeCase(setup: string, edit: string): CostlyCase {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'waymark-costly-'));
  const files = {
    base: path.join(folder, 'base.gpkg'),
    modified: path.join(folder, 'modified.gpkg'),
    changeset: path.join(folder, 'changes.diff'),
  };
  const db = new Database(files.base);
  db.exec(setup);
  db.close();
  copyFileSync(files.base, files.modified);
  const modified = new Database(files.modified);
  // The edit must not run the costly parts itself.
  modified.pragma('foreign_keys = OFF');
  modified.exec(`PRAGMA recursive_triggers = OFF; ${edit}`);
  modified.close();
  diff(files.base, files.modified, files.changeset);
  return {
    base: readFileSync(files.base),
    modified: readFileSync(files.modified),
    changeset: readFileSync(files.changeset),
    files,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * A GeoPackage whose changeset is costly to apply without any trigger: 3,000 parent rows, 100,000 child rows
 * referencing one of them through a foreign key with no index, and a changeset deleting 2,999 parents. SQLite
 * scans every child for each deleted parent (about 25 s on one core).
 */
export function unindexedForeignKeyCase(): CostlyCase {
  return makeCase(
    `CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT);
     CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents(id));
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
       INSERT INTO parents SELECT i, 'parent ' || i FROM n;
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
       INSERT INTO children SELECT i, 1 FROM n;`,
    `DELETE FROM parents WHERE id > 1`,
  );
}

/**
 * The probe's file: a 720-row table with a trigger named like GDAL's (`gpkg_burn`) doing a triple cross join on
 * every update, and a changeset updating one row. Run, the trigger takes minutes.
 */
export function burningTriggerCase(): CostlyCase {
  return makeCase(
    `CREATE TABLE points (fid INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 720)
       INSERT INTO points SELECT i, 'point ' || i FROM n;
     CREATE TRIGGER gpkg_burn AFTER UPDATE ON points BEGIN
       SELECT count(*) FROM points a, points b, points c WHERE a.name || b.name || c.name = 'x';
     END;`,
    `DROP TRIGGER gpkg_burn; UPDATE points SET name = 'renamed' WHERE fid = 7;
     CREATE TRIGGER gpkg_burn AFTER UPDATE ON points BEGIN
       SELECT count(*) FROM points a, points b, points c WHERE a.name || b.name || c.name = 'x';
     END;`,
  );
}

/**
 * test/fixtures/map/map.gpkg copied into `folder` with 300,000 more points in its layer without R-tree,
 * `points_3857`: drawing them all at zoom 0 (tile 0/0/0) takes 0.5–1.5 s. Answers the copy's path.
 */
export function heavyMapGeoPackage(folder: string): string {
  const file = path.join(folder, 'heavy.gpkg');
  copyFileSync(path.join(import.meta.dirname, 'fixtures/map/map.gpkg'), file);
  const db = new Database(file);
  const { geom } = db.prepare('SELECT geom FROM points_3857 WHERE fid = 1').get() as { geom: Buffer };
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
     INSERT INTO points_3857 (name, geom) SELECT 'p' || i, ? FROM n`,
  ).run(geom);
  db.close();
  return file;
}
