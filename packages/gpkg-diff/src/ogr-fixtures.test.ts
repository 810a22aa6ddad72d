import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apply } from './changes/apply.ts';
import { diff } from './changes/diff.ts';
import { readChanges } from './changes/read-changes.ts';
import { summarize } from './changes/summarize.ts';
import { SchemaChangeError } from './errors.ts';
import { readChangeset } from './format/changeset-reader.ts';
import { openReadOnly } from './sqlite/open-read-only.ts';
import { databaseRows, spatialIndexProblems } from './testing/database-rows.ts';
import { FIXTURES_DIR, vector } from './testing/vectors.ts';
import type { ChangeDetail } from './types.ts';

// GeoPackages made by GDAL's ogr2ogr from fixtures/source (fixtures/make-fixtures.sh): layers of points (text, real,
// integer beyond 2^53, date, datetime, blob, NULLs), lines (EPSG:3857), polygons with a hole, an attributes table
// without geometry and a table with a composite key; modified.gpkg holds edits of every kind.
const base = join(FIXTURES_DIR, 'base.gpkg');
const modified = join(FIXTURES_DIR, 'modified.gpkg');

const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-ogr-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const changeset = join(work, 'base-modified.diff');
const result = diff(base, modified, changeset);

/** Rows of a GeoPackage table, read as they are (used for GDAL's own spatial index and feature counts). */
function tableRows(path: string, sql: string): unknown[][] {
  const connection = openReadOnly({ path, role: 'compared' });
  try {
    return connection.db.prepare(sql).raw().all() as unknown[][];
  } finally {
    connection.close();
  }
}

describe('GeoPackages made by ogr2ogr', () => {
  it('summarises the edits of every layer, tables in name order', () => {
    expect(result.summary).toEqual([
      { table: 'lines', insert: 0, update: 2, delete: 1 },
      { table: 'notes', insert: 1, update: 1, delete: 0 },
      { table: 'points', insert: 2, update: 4, delete: 1 },
      { table: 'polygons', insert: 1, update: 1, delete: 0 },
      { table: 'visits', insert: 1, update: 1, delete: 1 },
    ]);
    expect(result.size).toBe(readFileSync(changeset).length);
    expect(summarize(changeset)).toEqual(result.summary);
  });

  it('writes per table the inserts, then the deletes, then the updates', () => {
    const order = [...readChangeset(changeset)].map((entry) => `${entry.table.name}:${entry.op}`);
    expect(order).toEqual([
      'lines:delete',
      'lines:update',
      'lines:update',
      'notes:insert',
      'notes:update',
      'points:insert',
      'points:insert',
      'points:delete',
      'points:update',
      'points:update',
      'points:update',
      'points:update',
      'polygons:insert',
      'polygons:update',
      'visits:insert',
      'visits:delete',
      'visits:update',
    ]);
  });

  it('keeps integers beyond 2^53 exact in the binary changeset', () => {
    const update = [...readChangeset(changeset)].find(
      (entry) => entry.table.name === 'points' && entry.op === 'update' && entry.old?.[0] === 2n,
    );
    expect(update?.old?.[4]).toBe(9007199254740993n);
    expect(update?.new?.[4]).toBe(9007199254740995n);
  });

  describe('detail list', () => {
    const details: ChangeDetail[] = [...readChanges(changeset, modified)];
    const find = (table: string, type: string, key: unknown): ChangeDetail | undefined =>
      details.find(
        (detail) =>
          detail.table === table &&
          detail.type === type &&
          detail.changes[0]?.[type === 'insert' ? 'new' : 'old'] === key,
      );

    it('names columns and gives their types, geometry as WKT, blobs as base64, big integers as text', () => {
      expect(find('points', 'update', 1)?.changes).toEqual([
        { column: 0, name: 'fid', type: 'integer', old: 1 },
        { column: 2, name: 'name', type: 'text', old: 'Oak', new: 'Oak (old)' },
        { column: 3, name: 'height', type: 'double', old: 12.5, new: 13 },
        {
          column: 7,
          name: 'photo',
          type: 'blob',
          old: 'iVBORw0KGgoAAAANSUhEUg==',
          new: 'iVBORw0KGgoAAAANSUhEUv/Y',
        },
      ]);
      expect(find('points', 'update', 2)?.changes).toEqual([
        { column: 0, name: 'fid', type: 'integer', old: 2 },
        {
          column: 1,
          name: 'geom',
          type: 'geometry',
          old: 'POINT(16.6112 49.2003)',
          new: 'POINT(16.6115 49.2007)',
        },
        { column: 4, name: 'count', type: 'integer', old: '9007199254740993', new: '9007199254740995' },
      ]);
      expect(find('points', 'update', 5)?.changes).toEqual([
        { column: 0, name: 'fid', type: 'integer', old: 5 },
        { column: 1, name: 'geom', type: 'geometry', old: null, new: 'POINT(16.6 49.2)' },
        { column: 4, name: 'count', type: 'integer', old: -42, new: null },
      ]);
    });

    it('lists every column of inserted and deleted rows, NULLs as null, dates as text', () => {
      expect(find('points', 'insert', 7)?.changes).toEqual([
        { column: 0, name: 'fid', type: 'integer', new: 7 },
        { column: 1, name: 'geom', type: 'geometry', new: 'POINT(16.6301 49.2202)' },
        { column: 2, name: 'name', type: 'text', new: 'Pine' },
        { column: 3, name: 'height', type: 'double', new: 17.5 },
        { column: 4, name: 'count', type: 'integer', new: 2 },
        { column: 5, name: 'visited', type: 'date', new: '2022-06-02' },
        { column: 6, name: 'updated', type: 'datetime', new: '2022-06-02T09:00:00.000Z' },
        { column: 7, name: 'photo', type: 'blob', new: null },
      ]);
      expect(find('lines', 'delete', 4)?.changes).toEqual([
        { column: 0, name: 'fid', type: 'integer', old: 4 },
        { column: 1, name: 'geom', type: 'geometry', old: 'LINESTRING(1846000 6306000,1846100 6306050)' },
        { column: 2, name: 'name', type: 'text', old: 'Old track' },
        { column: 3, name: 'lanes', type: 'integer', old: null },
      ]);
      expect(find('polygons', 'insert', 3)?.changes[1]).toEqual({
        column: 1,
        name: 'geom',
        type: 'geometry',
        new: 'POLYGON((16.64 49.23,16.645 49.23,16.645 49.235,16.64 49.23))',
      });
    });

    it('gives both columns of a composite key', () => {
      expect(details.filter((detail) => detail.table === 'visits')).toEqual([
        {
          table: 'visits',
          type: 'insert',
          changes: [
            { column: 0, name: 'site', type: 'text', new: 'pond' },
            { column: 1, name: 'day', type: 'date', new: '2021-06-03' },
            { column: 2, name: 'visitors', type: 'integer', new: 7 },
            { column: 3, name: 'note', type: 'text', new: 'first visit' },
          ],
        },
        {
          table: 'visits',
          type: 'delete',
          changes: [
            { column: 0, name: 'site', type: 'text', old: 'park' },
            { column: 1, name: 'day', type: 'date', old: '2021-06-02' },
            { column: 2, name: 'visitors', type: 'integer', old: 80 },
            { column: 3, name: 'note', type: 'text', old: null },
          ],
        },
        {
          table: 'visits',
          type: 'update',
          changes: [
            { column: 0, name: 'site', type: 'text', old: 'park' },
            { column: 1, name: 'day', type: 'date', old: '2021-06-01' },
            { column: 2, name: 'visitors', type: 'integer', old: 120, new: 125 },
          ],
        },
      ]);
    });

    it('names columns by index and leaves blobs in base64 without a schema', () => {
      const bare = [...readChanges(changeset)];
      expect(bare).toHaveLength(details.length);
      expect(bare.find((detail) => detail.table === 'lines' && detail.type === 'update')?.changes).toEqual([
        { column: 0, name: '0', type: '', old: 2 },
        {
          column: 1,
          name: '1',
          type: '',
          old: expect.stringMatching(/^R1AA/) as unknown,
          new: expect.stringMatching(/^R1AA/) as unknown,
        },
      ]);
    });

    it('refuses a schema that does not have the changed tables', () => {
      expect(() => [...readChanges(changeset, vector('base.gpkg'))]).toThrow(
        new SchemaChangeError("Changes cannot be mapped onto table structure (table 'lines')"),
      );
    });
  });

  describe('apply', () => {
    const applied = join(work, 'applied.gpkg');
    apply(base, changeset, applied);

    it('gives the rows of the modified file in every table', () => {
      expect(databaseRows(applied)).toEqual(databaseRows(modified));
    });

    it('keeps the spatial indexes as GDAL built them for the modified file', () => {
      for (const index of ['rtree_points_geom', 'rtree_lines_geom', 'rtree_polygons_geom']) {
        const sql = `SELECT * FROM "${index}" ORDER BY id`;
        expect(tableRows(applied, sql)).toEqual(tableRows(modified, sql));
      }
      expect(tableRows(applied, 'SELECT count(*) FROM rtree_points_geom')).toEqual([[6]]);
      expect(spatialIndexProblems(applied)).toEqual([]);
    });

    it('keeps the feature counts of gpkg_ogr_contents (GDAL triggers) right', () => {
      const sql = 'SELECT table_name, feature_count FROM gpkg_ogr_contents ORDER BY table_name';
      expect(tableRows(applied, sql)).toEqual(tableRows(modified, sql));
    });

    it('keeps the triggers of the base file', () => {
      const sql = `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`;
      expect(tableRows(applied, sql)).toEqual(tableRows(base, sql));
    });
  });

  it('refuses a column added to a layer with SchemaChangeError', () => {
    expect(() => diff(base, join(FIXTURES_DIR, 'added-column.gpkg'), join(work, 'never.diff'))).toThrow(
      new SchemaChangeError("Table 'points': columns changed (added species)"),
    );
  });
});
