import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ChangesetFormatError, ConflictError, GpkgDiffError, SchemaChangeError } from '../errors.ts';
import { ChangesetWriter } from '../format/changeset-writer.ts';
import { openReadOnly } from '../sqlite/open-read-only.ts';
import { databaseRows, spatialIndexProblems } from '../testing/database-rows.ts';
import { FIXTURES_DIR, vector } from '../testing/vectors.ts';
import type { EntryToWrite } from '../format/changeset-writer.ts';
import type { TableInfo } from '../types.ts';
import { apply } from './apply.ts';
import { diff } from './diff.ts';

const base = join(FIXTURES_DIR, 'base.gpkg');
const modified = join(FIXTURES_DIR, 'modified.gpkg');
const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-apply-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
/** A fresh folder for one apply, so that its listing shows any leftover. */
function folder(): string {
  const path = join(work, String(counter++));
  mkdirSync(path);
  return path;
}

const notes: TableInfo = { name: 'notes', primaryKeys: [true, false, false] };

/** A changeset of the given entries of one table. */
function changesetOf(table: TableInfo, entries: EntryToWrite[]): string {
  const path = join(folder(), 'changes.diff');
  const writer = new ChangesetWriter(path);
  writer.beginTable(table);
  for (const entry of entries) writer.writeEntry(entry);
  writer.close();
  return path;
}

/** Applies and returns the error thrown, checking that nothing was left in the output folder. */
function applyFailing(basePath: string, changeset: string): unknown {
  const out = folder();
  const before = readFileSync(basePath);
  try {
    apply(basePath, changeset, join(out, 'out.gpkg'));
  } catch (error) {
    expect(readdirSync(out)).toEqual([]);
    expect(readFileSync(basePath).equals(before)).toBe(true);
    return error;
  }
  throw new Error('apply did not fail');
}

function notesOf(path: string): unknown[][] {
  const connection = openReadOnly({ path, role: 'compared' });
  try {
    return connection.db
      .prepare('SELECT fid, text, priority FROM notes ORDER BY fid')
      .raw()
      .all() as unknown[][];
  } finally {
    connection.close();
  }
}

describe('apply', () => {
  const changeset = join(work, 'base-modified.diff');
  diff(base, modified, changeset);

  it('refuses to apply a changeset twice: the old values no longer match, nothing is written', () => {
    const error = applyFailing(modified, changeset);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      table: 'lines',
      op: 'delete',
      reason:
        "The changeset does not fit the file: DELETE of the row fid=4 in table 'lines' failed " +
        '(no row has this key with the old values of the changeset)',
    });
  });

  it('refuses an update whose old values differ from the row', () => {
    const error = applyFailing(
      base,
      changesetOf(notes, [{ op: 'update', old: [1n, undefined, 7n], new: [undefined, undefined, 3n] }]),
    );
    expect(error).toMatchObject({ name: 'ConflictError', table: 'notes', op: 'update' });
    expect((error as ConflictError).reason).toContain("UPDATE of the row fid=1 in table 'notes'");
  });

  it('refuses a delete of a missing row', () => {
    const error = applyFailing(base, changesetOf(notes, [{ op: 'delete', old: [99n, 'gone', 1n] }]));
    expect(error).toMatchObject({ name: 'ConflictError', op: 'delete' });
    expect((error as ConflictError).reason).toContain('DELETE of the row fid=99');
  });

  it('refuses an insert that collides with an existing row', () => {
    const error = applyFailing(base, changesetOf(notes, [{ op: 'insert', new: [1n, 'again', null] }]));
    expect(error).toMatchObject({ name: 'ConflictError', table: 'notes', op: 'insert' });
    expect((error as ConflictError).reason).toContain('INSERT of the row fid=1');
    expect((error as ConflictError).reason).toContain('UNIQUE constraint failed');
  });

  it('applies an insert that only fits once a later delete of the same key is in', () => {
    const path = join(folder(), 'out.gpkg');
    apply(
      base,
      changesetOf(notes, [
        { op: 'insert', new: [1n, 'Check the oak again', 5n] },
        { op: 'delete', old: [1n, 'Check the oak', 1n] },
      ]),
      path,
    );
    expect(notesOf(path)).toEqual([
      [1, 'Check the oak again', 5],
      [2, 'Mow the meadow', 2],
    ]);
  });

  it('leaves no output when a change fails after earlier ones applied', () => {
    const error = applyFailing(
      base,
      changesetOf(notes, [
        { op: 'delete', old: [2n, 'Mow the meadow', 2n] },
        { op: 'delete', old: [1n, 'wrong text', 1n] },
      ]),
    );
    expect(error).toMatchObject({ name: 'ConflictError', op: 'delete' });
    expect((error as ConflictError).reason).toContain('DELETE of the row fid=1');
  });

  it('refuses a table the file does not have, or another column count, with SchemaChangeError', () => {
    expect(
      applyFailing(
        base,
        changesetOf({ name: 'trees', primaryKeys: [true, false] }, [{ op: 'insert', new: [1n, 'x'] }]),
      ),
    ).toEqual(new SchemaChangeError("The changeset changes table 'trees', which the file does not have"));
    expect(
      applyFailing(
        base,
        changesetOf({ name: 'notes', primaryKeys: [true, false] }, [{ op: 'insert', new: [9n, 'x'] }]),
      ),
    ).toEqual(new SchemaChangeError("Table 'notes' has 3 columns in the file but 2 in the changeset"));
  });

  it('refuses a truncated or garbage changeset with ChangesetFormatError', () => {
    const bytes = readFileSync(changeset);
    const truncated = join(folder(), 'truncated.diff');
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 5));
    expect(applyFailing(base, truncated)).toBeInstanceOf(ChangesetFormatError);
    const garbage = join(folder(), 'garbage.diff');
    writeFileSync(garbage, 'not a changeset, only text');
    expect(applyFailing(base, garbage)).toBeInstanceOf(ChangesetFormatError);
  });

  it('gives every error a short reason for users, without file paths', () => {
    const error = applyFailing(base, changesetOf(notes, [{ op: 'delete', old: [99n, 'gone', 1n] }]));
    expect(error).toBeInstanceOf(GpkgDiffError);
    expect((error as GpkgDiffError).reason).not.toContain(work);
  });

  it('never overwrites the output from a failed apply and leaves an existing output as it was', () => {
    const out = folder();
    const target = join(out, 'out.gpkg');
    writeFileSync(target, 'previous');
    expect(() => apply(base, join(work, 'missing.diff'), target)).toThrow();
    expect(readFileSync(target, 'utf8')).toBe('previous');
    expect(readdirSync(out)).toEqual(['out.gpkg']);
  });

  it('suspends custom triggers while applying and restores them (geodiff vector quoting/trigger-with-space)', () => {
    // The trigger "trigger with space" deletes every row of `simple` after any delete: it must not run.
    const path = join(folder(), 'out.gpkg');
    apply(vector('quoting/trigger-with-space.gpkg'), vector('2_deletes/base-deleted_A.diff'), path);
    expect(databaseRows(path)).toEqual(databaseRows(vector('2_deletes/deleted_A.gpkg')));
    const connection = openReadOnly({ path, role: 'compared' });
    try {
      expect(
        connection.db
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'trigger with space'`)
          .pluck()
          .all(),
      ).toEqual(['trigger with space']);
    } finally {
      connection.close();
    }
  });

  it('runs no trigger named like GDAL’s whose SQL is not GDAL’s, and keeps the R-tree and the counts right', () => {
    // A file's own triggers named gpkg_…, rtree_… and trigger_insert_feature_count_… that write to a log table:
    // run, they would take any time (a cross join); they must be suspended like any custom trigger.
    const source = join(folder(), 'named-like-gdal.gpkg');
    copyFileSync(base, source);
    const edit = new Database(source);
    edit.exec(`CREATE TABLE burn_log (n INTEGER)`);
    for (const name of ['gpkg_burn', 'rtree_points_geom_burn', 'trigger_insert_feature_count_points_burn']) {
      edit.exec(`CREATE TRIGGER "${name}" AFTER UPDATE ON points BEGIN INSERT INTO burn_log VALUES (1); END`);
    }
    edit.exec(`CREATE TRIGGER "rtree_points_geom_burn_insert" AFTER INSERT ON points
      BEGIN INSERT INTO burn_log SELECT count(*) FROM points a, points b; END`);
    edit.close();
    const out = join(folder(), 'out.gpkg');
    apply(source, changeset, out);
    const result = new Database(out, { readonly: true });
    try {
      expect(result.prepare('SELECT count(*) FROM burn_log').pluck().get()).toBe(0);
      expect(
        result
          .prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%burn_log%'`)
          .pluck()
          .get(),
      ).toBe(4);
      const counts = `SELECT table_name, feature_count FROM gpkg_ogr_contents ORDER BY table_name`;
      const expected = new Database(modified, { readonly: true });
      try {
        expect(result.prepare(counts).all()).toEqual(expected.prepare(counts).all());
      } finally {
        expected.close();
      }
    } finally {
      result.close();
    }
    const { burn_log: _, ...rows } = databaseRows(out);
    expect(rows).toEqual(databaseRows(modified));
    expect(spatialIndexProblems(out)).toEqual([]);
  });

  it('applies to a WAL-mode copy and leaves no -wal or -shm file beside the output', () => {
    const source = join(folder(), 'wal.gpkg');
    copyFileSync(base, source);
    const db = new Database(source);
    db.pragma('journal_mode = WAL');
    db.close();
    const out = folder();
    apply(source, changeset, join(out, 'out.gpkg'));
    expect(readdirSync(out)).toEqual(['out.gpkg']);
    expect(readFileSync(join(out, 'out.gpkg'))[18]).toBe(2);
    expect(databaseRows(join(out, 'out.gpkg'))).toEqual(databaseRows(modified));
    expect(spatialIndexProblems(join(out, 'out.gpkg'))).toEqual([]);
  });
});
