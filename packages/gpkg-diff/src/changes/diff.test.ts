import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readChangeset } from '../format/changeset-reader.ts';
import { diff } from './diff.ts';

const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-order-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;

/** A new SQLite file made by `sql`. */
function database(sql: string): string {
  const path = join(work, `${counter++}.sqlite`);
  const db = new Database(path);
  db.exec(sql);
  db.close();
  return path;
}

const GEODIFF = process.env.GEODIFF;

/**
 * Each record of base → modified as `op key`, in the changeset's order. With `GEODIFF=path`
 * (bench/build-geodiff.sh), also checks that geodiff writes the same bytes.
 */
function records(base: string, modified: string): string[] {
  const changeset = join(work, `${counter++}.diff`);
  diff(base, modified, changeset);
  if (GEODIFF) {
    const reference = join(work, `${counter++}.diff`);
    execFileSync(GEODIFF, ['diff', base, modified, reference]);
    const expected = existsSync(reference) ? readFileSync(reference) : Buffer.alloc(0);
    expect(readFileSync(changeset).equals(expected)).toBe(true);
  }
  return [...readChangeset(changeset)].map(
    (entry) => `${entry.op} ${String((entry.op === 'insert' ? entry.new : entry.old)![0])}`,
  );
}

const TABLE = 'CREATE TABLE t (fid INTEGER PRIMARY KEY, name TEXT);';

describe("diff's record order (geodiff's: inserts, deletes, updates, each in scan order)", () => {
  it('finds inserts above the base largest key, with deletes and updates, in key order', () => {
    const base = database(`${TABLE} INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e');`);
    const modified = database(
      `${TABLE} INSERT INTO t VALUES (1, 'a'), (3, 'c'), (4, 'D'), (5, 'e'), (7, 'g'), (6, 'f');`,
    );
    expect(records(base, modified)).toEqual(['insert 6', 'insert 7', 'delete 2', 'update 4']);
  });

  it('finds an insert that took a key below the base largest one (a gap, or a deleted row key)', () => {
    const base = database(`${TABLE} INSERT INTO t VALUES (1, 'a'), (2, 'b'), (4, 'd'), (5, 'e'), (8, 'h');`);
    const modified = database(
      `${TABLE} INSERT INTO t VALUES (1, 'a'), (2, 'B'), (3, 'c'), (4, 'd'), (8, 'h'), (9, 'i');`,
    );
    expect(records(base, modified)).toEqual(['insert 3', 'insert 9', 'delete 5', 'update 2']);
    // The base's largest row deleted and its key taken again: an update, not an insert.
    const reused = database(`${TABLE} INSERT INTO t VALUES (1, 'a'), (2, 'b'), (4, 'd'), (5, 'E');`);
    expect(records(base, reused)).toEqual(['delete 8', 'update 5']);
  });

  it('all rows inserted into an empty table, and all deleted', () => {
    const empty = database(TABLE);
    const full = database(`${TABLE} INSERT INTO t VALUES (2, 'b'), (1, 'a');`);
    expect(records(empty, full)).toEqual(['insert 1', 'insert 2']);
    expect(records(full, empty)).toEqual(['delete 1', 'delete 2']);
  });

  it("keeps the modified file's scan order for updates when the key is not the rowid", () => {
    // INTEGER PRIMARY KEY DESC is not a rowid alias: rows are scanned in insertion (rowid) order, not key order.
    const table = 'CREATE TABLE t (fid INTEGER PRIMARY KEY DESC, name TEXT);';
    const base = database(`${table} INSERT INTO t VALUES (3, 'c'), (1, 'a'), (2, 'b'), (4, 'd');`);
    const modified = database(`${table} INSERT INTO t VALUES (5, 'e'), (1, 'A'), (2, 'B'), (3, 'C');`);
    expect(records(base, modified)).toEqual(['insert 5', 'delete 4', 'update 1', 'update 2', 'update 3']);
  });

  it('keeps the order when the waiting deletes and updates outgrow the 256 KiB buffer (a spool file)', () => {
    const rows = (name: (fid: number) => string): string =>
      Array.from({ length: 3000 }, (_, i) => `(${i + 1}, '${name(i + 1)}')`).join(', ');
    const base = database(`${TABLE} INSERT INTO t VALUES ${rows((fid) => `${fid}`.padEnd(100, 'a'))};`);
    // Every row renamed (~200 bytes a record, 600 KB of updates), every third one deleted, one inserted.
    const modified = database(
      `${TABLE} INSERT INTO t VALUES ${rows((fid) => `${fid}`.padEnd(100, 'b'))}, (3001, 'new');
       DELETE FROM t WHERE fid % 3 = 0;`,
    );
    const kept = Array.from({ length: 3000 }, (_, i) => i + 1);
    expect(records(base, modified)).toEqual([
      'insert 3001',
      ...kept.filter((fid) => fid % 3 === 0).map((fid) => `delete ${fid}`),
      ...kept.filter((fid) => fid % 3 !== 0).map((fid) => `update ${fid}`),
    ]);
  });
});
