import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangesetWriter, type EntryToWrite } from '../format/changeset-writer.ts';
import { registerGpkgFunctions } from '../geometry/gpkg-functions.ts';
import { openReadOnly } from '../sqlite/open-read-only.ts';
import { spatialIndexProblems } from '../testing/database-rows.ts';
import { FIXTURES_DIR } from '../testing/vectors.ts';
import type { Value } from '../types.ts';
import { apply } from './apply.ts';

const base = join(FIXTURES_DIR, 'base.gpkg');
const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-spatial-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A GeoPackage point blob (little endian, no envelope); `isEmpty` sets the header's empty flag and NaN coordinates. */
function point(x: number, y: number, isEmpty = false): Buffer {
  const blob = Buffer.alloc(29);
  blob.write('GP', 0, 'latin1');
  blob.writeUInt8(isEmpty ? 0x11 : 0x01, 3);
  blob.writeInt32LE(4326, 4);
  blob.writeUInt8(1, 8);
  blob.writeUInt32LE(1, 9);
  blob.writeDoubleLE(isEmpty ? NaN : x, 13);
  blob.writeDoubleLE(isEmpty ? NaN : y, 21);
  return blob;
}

/** The rows of `sql` in `path`, integers as bigint. */
function rows(path: string, sql: string): unknown[][] {
  const connection = openReadOnly({ path, role: 'compared' });
  try {
    return connection.db.prepare(sql).raw().safeIntegers().all() as unknown[][];
  } finally {
    connection.close();
  }
}

const TRIGGERS = `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`;
/** The columns of `points` in the fixture: fid, geom, name, height, count, visited, updated, photo. */
const COLUMNS = 8;

/** An update of `points` row `fid` changing `changes` (column → [old, new]). */
function update(fid: bigint, changes: Record<number, [Value, Value]>): EntryToWrite {
  const old: Value[] = Array.from({ length: COLUMNS }, () => undefined);
  const values: Value[] = Array.from({ length: COLUMNS }, () => undefined);
  old[0] = fid;
  for (const [column, [before, after]] of Object.entries(changes)) {
    old[Number(column)] = before;
    values[Number(column)] = after;
  }
  return { op: 'update', old, new: values };
}

describe('apply keeps R-tree spatial indexes itself', () => {
  it('gives every touched feature the box of its geometry, or no entry, and restores the index triggers', () => {
    const geometryOf = (fid: number) =>
      rows(base, `SELECT geom FROM points WHERE fid = ${fid}`)[0]![0] as Buffer | null;
    const [deleted] = rows(base, 'SELECT * FROM points WHERE fid = 6') as Value[][];
    const changeset = join(work, 'points.diff');
    const writer = new ChangesetWriter(changeset);
    writer.beginTable({ name: 'points', primaryKeys: [true, ...Array<boolean>(COLUMNS - 1).fill(false)] });
    const nulls = Array<Value>(COLUMNS - 2).fill(null);
    for (const entry of [
      { op: 'insert', new: [7n, point(16.6, 49.2), ...nulls] },
      { op: 'insert', new: [8n, null, ...nulls] },
      update(1n, { 1: [geometryOf(1), null] }),
      update(2n, { 1: [geometryOf(2), point(0, 0, true)] }),
      update(3n, { 1: [geometryOf(3), point(-70.5, 12.25)] }),
      // A key change (geodiff never writes one; the row's geometry is read back).
      update(4n, { 0: [4n, 40n] }),
      update(5n, { 1: [null, point(16.61, 49.21)] }),
      { op: 'delete', old: deleted! },
    ] satisfies EntryToWrite[]) {
      writer.writeEntry(entry);
    }
    writer.close();

    const output = join(work, 'out.gpkg');
    apply(base, changeset, output);
    expect(rows(output, 'SELECT id FROM rtree_points_geom ORDER BY id').flat()).toEqual([3n, 5n, 7n, 40n]);
    const [box] = rows(output, 'SELECT minx, maxx, miny, maxy FROM rtree_points_geom WHERE id = 3');
    expect((box as number[]).map((bound) => Math.round(bound * 100) / 100)).toEqual([
      -70.5, -70.5, 12.25, 12.25,
    ]);
    expect(spatialIndexProblems(output)).toEqual([]);
    expect(rows(output, TRIGGERS)).toEqual(rows(base, TRIGGERS));

    // The restored triggers keep the index from then on.
    const db = new Database(output);
    registerGpkgFunctions(db);
    db.prepare('INSERT INTO points (fid, geom) VALUES (9, ?)').run(point(1, 2));
    db.prepare('UPDATE points SET geom = NULL WHERE fid = 7').run();
    db.close();
    expect(rows(output, 'SELECT id FROM rtree_points_geom ORDER BY id').flat()).toEqual([3n, 5n, 9n, 40n]);
  });

  it('leaves an index without its triggers as it is, as the triggers would', () => {
    const copy = join(work, 'no-triggers.gpkg');
    copyFileSync(base, copy);
    const edit = new Database(copy);
    for (const [name] of rows(
      copy,
      `SELECT name FROM sqlite_master WHERE name LIKE 'rtree_points_geom_%' AND type = 'trigger'`,
    )) {
      edit.exec(`DROP TRIGGER "${String(name)}"`);
    }
    edit.close();
    const changeset = join(work, 'move.diff');
    const writer = new ChangesetWriter(changeset);
    writer.beginTable({ name: 'points', primaryKeys: [true, ...Array<boolean>(COLUMNS - 1).fill(false)] });
    const [old] = rows(copy, 'SELECT geom FROM points WHERE fid = 3');
    writer.writeEntry(update(3n, { 1: [old![0] as Buffer, point(-70.5, 12.25)] }));
    writer.close();
    const output = join(work, 'out-no-triggers.gpkg');
    apply(copy, changeset, output);
    expect(rows(output, 'SELECT * FROM rtree_points_geom ORDER BY id')).toEqual(
      rows(copy, 'SELECT * FROM rtree_points_geom ORDER BY id'),
    );
  });
});
