/**
 * Benchmark of diff and apply (npm run bench -w packages/gpkg-diff): a generated GeoPackage with a 200,000-row point
 * layer (two attribute columns, GDAL's R-tree index and triggers), a copy with 5% of the rows updated, 1% deleted
 * and 1% inserted; times `diff` of the two and `apply` of that changeset, next to geodiff's command line tool run on
 * the same files in the same run (`--geodiff PATH`, or `GEODIFF` in the environment; build it with
 * bench/build-geodiff.sh) and to SQLite alone. Options: --rows N, --runs N, --geodiff PATH, --keep (the files).
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { apply, diff, readChangeset, type ChangesetEntry, type DiffResult } from '../src/index.ts';
import { registerGpkgFunctions } from '../src/geometry/gpkg-functions.ts';
import { geodiffTimed, median, timed, type Timing } from './timing.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    runs: { type: 'string', default: '5' },
    geodiff: { type: 'string', default: process.env.GEODIFF },
    keep: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const GEODIFF = values.geodiff;
if (GEODIFF && !existsSync(GEODIFF)) throw new Error(`--geodiff ${GEODIFF}: no such file`);

/** A GeoPackage point blob as GDAL writes it: header without envelope, little-endian WKB. */
function pointBlob(x: number, y: number): Buffer {
  const blob = Buffer.alloc(29);
  blob.write('GP', 0, 'latin1');
  blob.writeUInt8(0, 2);
  blob.writeUInt8(1, 3);
  blob.writeInt32LE(4326, 4);
  blob.writeUInt8(1, 8);
  blob.writeUInt32LE(1, 9);
  blob.writeDoubleLE(x, 13);
  blob.writeDoubleLE(y, 21);
  return blob;
}

/** A deterministic pseudo-random sequence, so every run compares the same files. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const SCHEMA = `
PRAGMA application_id = 1196444487;
PRAGMA user_version = 10200;
CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
INSERT INTO gpkg_spatial_ref_sys VALUES ('WGS 84', 4326, 'EPSG', 4326, 'GEOGCS["WGS 84"]', NULL),
  ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', NULL), ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', NULL);
CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
  description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER);
INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('points', 'features', 'points', 4326);
CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL, PRIMARY KEY (table_name, column_name));
INSERT INTO gpkg_geometry_columns VALUES ('points', 'geom', 'POINT', 4326, 0, 0);
CREATE TABLE gpkg_extensions (table_name TEXT, column_name TEXT, extension_name TEXT NOT NULL, definition TEXT NOT NULL,
  scope TEXT NOT NULL, UNIQUE (table_name, column_name, extension_name));
INSERT INTO gpkg_extensions VALUES ('points', 'geom', 'gpkg_rtree_index', 'http://www.geopackage.org/spec120/#extension_rtree', 'write-only');
CREATE TABLE gpkg_ogr_contents (table_name TEXT NOT NULL PRIMARY KEY, feature_count INTEGER DEFAULT NULL);
INSERT INTO gpkg_ogr_contents VALUES ('points', 0);
CREATE TABLE points (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom POINT, name TEXT, value REAL);
CREATE VIRTUAL TABLE rtree_points_geom USING rtree(id, minx, maxx, miny, maxy);
CREATE TRIGGER rtree_points_geom_insert AFTER INSERT ON points WHEN (new.geom NOT NULL AND NOT ST_IsEmpty(NEW.geom))
  BEGIN INSERT OR REPLACE INTO rtree_points_geom VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
CREATE TRIGGER rtree_points_geom_update1 AFTER UPDATE OF geom ON points WHEN OLD.fid = NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
  BEGIN INSERT OR REPLACE INTO rtree_points_geom VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
CREATE TRIGGER rtree_points_geom_update2 AFTER UPDATE OF geom ON points WHEN OLD.fid = NEW.fid AND (NEW.geom ISNULL OR ST_IsEmpty(NEW.geom))
  BEGIN DELETE FROM rtree_points_geom WHERE id = OLD.fid; END;
CREATE TRIGGER rtree_points_geom_update3 AFTER UPDATE ON points WHEN OLD.fid != NEW.fid AND (NEW.geom NOTNULL AND NOT ST_IsEmpty(NEW.geom))
  BEGIN DELETE FROM rtree_points_geom WHERE id = OLD.fid; INSERT OR REPLACE INTO rtree_points_geom VALUES (NEW.fid, ST_MinX(NEW.geom), ST_MaxX(NEW.geom), ST_MinY(NEW.geom), ST_MaxY(NEW.geom)); END;
CREATE TRIGGER rtree_points_geom_update4 AFTER UPDATE ON points WHEN OLD.fid != NEW.fid AND (NEW.geom ISNULL OR ST_IsEmpty(NEW.geom))
  BEGIN DELETE FROM rtree_points_geom WHERE id IN (OLD.fid, NEW.fid); END;
CREATE TRIGGER rtree_points_geom_delete AFTER DELETE ON points WHEN old.geom NOT NULL
  BEGIN DELETE FROM rtree_points_geom WHERE id = OLD.fid; END;
CREATE TRIGGER trigger_insert_feature_count_points AFTER INSERT ON points
  BEGIN UPDATE gpkg_ogr_contents SET feature_count = feature_count + 1 WHERE lower(table_name) = lower('points'); END;
CREATE TRIGGER trigger_delete_feature_count_points AFTER DELETE ON points
  BEGIN UPDATE gpkg_ogr_contents SET feature_count = feature_count - 1 WHERE lower(table_name) = lower('points'); END;
`;

/** Writes the base GeoPackage and the modified copy; returns the expected summary counts. */
function generate(
  basePath: string,
  modifiedPath: string,
): { update: number; delete: number; insert: number } {
  const next = random(42);
  const db = new Database(basePath);
  registerGpkgFunctions(db);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec(SCHEMA);
  const insert = db.prepare('INSERT INTO points (fid, geom, name, value) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (let fid = 1; fid <= ROWS; fid++) {
      insert.run(
        fid,
        pointBlob(12 + next() * 6, 48 + next() * 3),
        `feature ${fid}`,
        Math.round(next() * 1e6) / 100,
      );
    }
  })();
  db.close();

  copyFileSync(basePath, modifiedPath);
  const modified = new Database(modifiedPath);
  registerGpkgFunctions(modified);
  modified.pragma('synchronous = OFF');
  const counts = {
    update: Math.round(ROWS * 0.05),
    delete: Math.round(ROWS * 0.01),
    insert: Math.round(ROWS * 0.01),
  };
  const updateValue = modified.prepare('UPDATE points SET value = value + 1 WHERE fid = ?');
  const move = modified.prepare('UPDATE points SET geom = ?, name = ? WHERE fid = ?');
  const remove = modified.prepare('DELETE FROM points WHERE fid = ?');
  const add = modified.prepare('INSERT INTO points (fid, geom, name, value) VALUES (?, ?, ?, ?)');
  modified.transaction(() => {
    // Every 20th row updated (half of them moved and renamed), every 100th (offset) deleted, new rows at the end.
    for (let i = 0; i < counts.update; i++) {
      const fid = i * 20 + 1;
      if (i % 2 === 0) updateValue.run(fid);
      else move.run(pointBlob(12 + next() * 6, 48 + next() * 3), `moved ${fid}`, fid);
    }
    for (let i = 0; i < counts.delete; i++) remove.run(i * 100 + 7);
    for (let i = 0; i < counts.insert; i++) {
      add.run(ROWS + i + 1, pointBlob(12 + next() * 6, 48 + next() * 3), `new ${i}`, next() * 1000);
    }
  })();
  modified.close();
  return counts;
}

/**
 * The same-run reference for diff: SQLite alone running geodiff's three set queries (rows of modified missing from
 * base, of base missing from modified, rows differing) and only counting the rows, encoding nothing. Any
 * SQLite-based differ, geodiff included, needs at least this.
 */
function sqliteDiffFloor(basePath: string, modifiedPath: string): number {
  const db = new Database(modifiedPath, { readonly: true });
  db.prepare('ATTACH DATABASE ? AS aux').run(basePath);
  const queries = [
    'SELECT * FROM main.points WHERE NOT EXISTS (SELECT 1 FROM aux.points WHERE main.points.fid = aux.points.fid)',
    'SELECT * FROM aux.points WHERE NOT EXISTS (SELECT 1 FROM main.points WHERE main.points.fid = aux.points.fid)',
    `SELECT * FROM main.points, aux.points WHERE main.points.fid = aux.points.fid AND (main.points.geom IS NOT aux.points.geom
       OR main.points.name IS NOT aux.points.name OR main.points.value IS NOT aux.points.value)`,
  ];
  let rows = 0;
  for (const sql of queries) for (const _ of db.prepare(sql).raw().iterate()) rows++;
  db.close();
  return rows;
}

/**
 * The same-run reference for apply: a file copy, then SQLite alone running the changes as plain statements (values
 * already decoded, no checks) in one transaction, with the spatial index triggers calling the ST_* functions, then a
 * data sync: the way geodiff applies, without its checks. `apply` keeps the index itself instead (no triggers).
 */
function sqliteApplyFloor(basePath: string, entries: ChangesetEntry[], outputPath: string): void {
  copyFileSync(basePath, outputPath);
  const db = new Database(outputPath);
  registerGpkgFunctions(db);
  db.pragma('synchronous = OFF');
  db.unsafeMode(true);
  db.pragma('journal_mode = OFF');
  const insert = db.prepare('INSERT INTO points (fid, geom, name, value) VALUES (?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM points WHERE fid = ?');
  const updates = new Map<string, Database.Statement>();
  const columns = ['fid', 'geom', 'name', 'value'];
  db.transaction(() => {
    for (const entry of entries) {
      if (entry.op === 'insert') insert.run(entry.new);
      else if (entry.op === 'delete') remove.run(entry.old![0]);
      else {
        const changed = [1, 2, 3].filter((i) => entry.new![i] !== undefined);
        const key = changed.join();
        let update = updates.get(key);
        if (!update) {
          update = db.prepare(
            `UPDATE points SET ${changed.map((i) => `${columns[i]} = ?`).join(', ')} WHERE fid = ?`,
          );
          updates.set(key, update);
        }
        update.run([...changed.map((i) => entry.new![i]), entry.old![0]]);
      }
    }
  })();
  db.close();
  const fd = openSync(outputPath, 'r+');
  fsyncSync(fd);
  closeSync(fd);
}

const folder = mkdtempSync(join(tmpdir(), 'gpkg-diff-bench-'));
try {
  const basePath = join(folder, 'base.gpkg');
  const modifiedPath = join(folder, 'modified.gpkg');
  const changesetPath = join(folder, 'changes.diff');
  const started = performance.now();
  const expected = generate(basePath, modifiedPath);
  const changes = expected.update + expected.delete + expected.insert;
  console.log(
    `generated ${ROWS.toLocaleString('en')} points (${(statSync(basePath).size / 2 ** 20).toFixed(1)} MiB) and a copy ` +
      `with ${expected.update} updated, ${expected.delete} deleted, ${expected.insert} inserted rows ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );

  const samples = {
    diff: [] as Timing[],
    diffFloor: [] as Timing[],
    geodiffDiff: [] as Timing[],
    apply: [] as Timing[],
    applyFloor: [] as Timing[],
    geodiffApply: [] as Timing[],
  };
  for (let run = 0; run < RUNS; run++) {
    let result: DiffResult | undefined;
    samples.diff.push(timed(() => (result = diff(basePath, modifiedPath, changesetPath))));
    const [summary] = result!.summary;
    if (
      result!.summary.length !== 1 ||
      summary?.update !== expected.update ||
      summary.delete !== expected.delete ||
      summary.insert !== expected.insert
    ) {
      throw new Error(`Unexpected summary ${JSON.stringify(result!.summary)}`);
    }
    if (run === 0) console.log(`changeset: ${(result!.size / 1024).toFixed(0)} KiB`);
    let found = 0;
    samples.diffFloor.push(timed(() => (found = sqliteDiffFloor(basePath, modifiedPath))));
    if (found !== changes) throw new Error(`The SQLite reference found ${found} rows`);

    const output = join(folder, 'applied.gpkg');
    samples.apply.push(timed(() => apply(basePath, changesetPath, output)));
    if (diff(modifiedPath, output, join(folder, 'check.diff')).size !== 0) {
      throw new Error('apply did not reproduce the modified file');
    }
    rmSync(output);
    const entries = [...readChangeset(changesetPath)];
    samples.applyFloor.push(timed(() => sqliteApplyFloor(basePath, entries, output)));
    rmSync(output);

    if (GEODIFF) {
      const theirs = join(folder, 'geodiff.diff');
      samples.geodiffDiff.push(geodiffTimed(GEODIFF, ['diff', basePath, modifiedPath, theirs]));
      if (!readFileSync(theirs).equals(readFileSync(changesetPath))) {
        throw new Error("geodiff's changeset differs from ours");
      }
      copyFileSync(basePath, output);
      samples.geodiffApply.push(geodiffTimed(GEODIFF, ['apply', output, theirs]));
      rmSync(output);
    }
  }

  const least = (times: Timing[], key: keyof Timing): number => Math.min(...times.map((time) => time[key]));
  const line = (label: string, times: Timing[], rows: number, unit: string): string =>
    `${label} median ${median(times.map((time) => time.wall)).toFixed(3)} s wall ` +
    `(min ${least(times, 'wall').toFixed(3)} s), ${least(times, 'cpu').toFixed(3)} s CPU (least); ` +
    `${Math.round(rows / median(times.map((time) => time.wall))).toLocaleString('en')} ${unit}/s`;
  const ratio = (ours: Timing[], theirs: Timing[]): string =>
    `${(median(ours.map((t) => t.wall)) / median(theirs.map((t) => t.wall))).toFixed(2)}× its time ` +
    `(CPU: ${(least(ours, 'cpu') / least(theirs, 'cpu')).toFixed(2)}×)`;
  const report = (name: 'diff' | 'apply', floor: Timing[], geodiff: Timing[], rows: number, unit: string) => {
    const times = samples[name];
    console.log(line(`${name}:`, times, rows, unit));
    if (name === 'diff') {
      // The first call of the process: SQLite statements not yet prepared, code not yet compiled by the JIT.
      console.log(`  first call ${times[0]!.wall.toFixed(3)} s wall, ${times[0]!.cpu.toFixed(3)} s CPU`);
    }
    if (geodiff.length > 0) {
      console.log(
        `  ${line('geodiff (a new process each run, as the clients run it):', geodiff, rows, unit)}`,
      );
      console.log(
        `  ours: ${ratio(times, geodiff)}` +
          (name === 'diff'
            ? `; first call ${(times[0]!.wall / median(geodiff.map((t) => t.wall))).toFixed(2)}×`
            : ''),
      );
    } else {
      console.log('  geodiff: not measured (pass --geodiff PATH; bench/build-geodiff.sh builds it)');
    }
    console.log(
      `  vs SQLite alone in this run: ${line('', floor, rows, unit).trim()}; ours ${ratio(times, floor)}`,
    );
  };
  report('diff', samples.diffFloor, samples.geodiffDiff, ROWS, 'rows compared');
  report('apply', samples.applyFloor, samples.geodiffApply, changes, 'changes applied');
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
} finally {
  if (values.keep) console.log(`files kept in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
