import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apply } from './changes/apply.ts';
import { diff } from './changes/diff.ts';
import { summarize } from './changes/summarize.ts';
import { ConflictError, SchemaChangeError } from './errors.ts';
import { readChangeset } from './format/changeset-reader.ts';
import { writeChangeset } from './format/changeset-writer.ts';
import { databaseRows, spatialIndexProblems } from './testing/database-rows.ts';
import { geodiffJson } from './testing/geodiff-json.ts';
import { CASES } from './testing/vector-cases.ts';
import { listVectors, vector } from './testing/vectors.ts';
import type { ChangesetEntry } from './types.ts';

const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-vectors-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
const output = (name: string): string => join(work, `${counter++}-${name}`);

/** Extra apply cases of geodiff's tests: another base that the same changeset must bring to the same rows. */
const EXTRA_APPLIES: [changeset: string, base: string, expected: string][] = [
  // The same date/times spelled '2021-04-01T15:00:00Z' instead of '2021-04-01 15:00:00'.
  ['datetime/datetime1-2.diff', 'datetime/datetime1a.gpkg', 'datetime/datetime2.gpkg'],
  // base.gpkg with an extra trigger (named with spaces) that deletes every row: suspended while applying.
  [
    '1_geopackage/base-modified_1_geom.diff',
    'quoting/trigger-with-space.gpkg',
    '1_geopackage/modified_1_geom.gpkg',
  ],
];

/** The entries of a changeset without gpkg_* tables, as comparable text. */
function dataEntries(path: string, sorted = false): string[] {
  const show = (entry: ChangesetEntry): string =>
    JSON.stringify([entry.table, entry.op, entry.old, entry.new], (_, value: unknown) =>
      typeof value === 'bigint' ? `${value}n` : value === undefined ? '<undefined>' : value,
    );
  const entries = [...readChangeset(path)].filter((entry) => !entry.table.name.startsWith('gpkg_')).map(show);
  return sorted ? entries.sort() : entries;
}

/** The rows of `actual` are those of `expected`, and its spatial indexes match its rows. */
function expectSameRows(actual: string, expected: string): void {
  expect(databaseRows(actual)).toEqual(databaseRows(expected));
  expect(spatialIndexProblems(actual)).toEqual([]);
}

describe('the geodiff test vectors', () => {
  const found = listVectors('.diff');

  it('classifies every .diff of the vectors (none is skipped silently)', () => {
    expect(found).toEqual(Object.keys(CASES).sort());
  });

  const pairs = Object.entries(CASES).flatMap(([changeset, vectorCase]) =>
    vectorCase.kind === 'pair' || vectorCase.kind === 'older' ? [{ changeset, ...vectorCase }] : [],
  );

  it.each(pairs.filter((pair) => pair.kind === 'pair'))(
    'diff of $base → $modified equals $changeset byte for byte',
    ({ base, modified, changeset }) => {
      const path = output('changeset.diff');
      const result = diff(vector(base), vector(modified), path);
      const expected = readFileSync(vector(changeset));
      expect(readFileSync(path).equals(expected)).toBe(true);
      expect(result.size).toBe(expected.length);
      expect(result.summary).toEqual(summarize(vector(changeset)));
    },
  );

  it.each(pairs.filter((pair) => pair.kind === 'older'))(
    'diff of $base → $modified equals the records of the older $changeset without its gpkg_* tables',
    ({ base, modified, changeset, unordered }) => {
      const path = output('changeset.diff');
      const result = diff(vector(base), vector(modified), path);
      expect(dataEntries(path, unordered)).toEqual(dataEntries(vector(changeset), unordered));
      expect(result.summary).toEqual(
        summarize(vector(changeset)).filter((row) => !row.table.startsWith('gpkg_')),
      );
      if (!unordered) {
        const filtered = output('filtered.diff');
        writeChangeset(
          filtered,
          [...readChangeset(vector(changeset))].filter((entry) => !entry.table.name.startsWith('gpkg_')),
        );
        expect(readFileSync(path).equals(readFileSync(filtered))).toBe(true);
      }
    },
  );

  it('gives the summary of 2_updates/base-updated_A-summary.json', () => {
    const result = diff(vector('base.gpkg'), vector('2_updates/updated_A.gpkg'), output('changeset.diff'));
    const expected = JSON.parse(readFileSync(vector('2_updates/base-updated_A-summary.json'), 'utf8')) as {
      geodiff_summary: unknown;
    };
    expect(result.summary).toEqual(expected.geodiff_summary);
  });

  it.each(pairs)(
    'applying $changeset to $base gives the rows of $modified',
    ({ base, modified, changeset }) => {
      const path = output('applied.gpkg');
      apply(vector(base), vector(changeset), path);
      expectSameRows(path, vector(modified));
    },
  );

  const applies = [
    ...Object.entries(CASES).flatMap(([changeset, vectorCase]) =>
      vectorCase.kind === 'apply' ? [[changeset, vectorCase.base, vectorCase.expected] as const] : [],
    ),
    ...EXTRA_APPLIES,
  ];

  it.each(applies)('applying %s to %s gives the rows of %s', (changeset, base, expected) => {
    const path = output('applied.gpkg');
    apply(vector(base), vector(changeset), path);
    expectSameRows(path, vector(expected));
  });

  it('refuses conflict/base-conflict-delete.diff (one good delete, one wrong) and writes nothing', () => {
    const path = output('conflict.gpkg');
    let error: unknown;
    try {
      apply(vector('base.gpkg'), vector('conflict/base-conflict-delete.diff'), path);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).table).toBe('simple');
    expect((error as ConflictError).op).toBe('delete');
    expect((error as ConflictError).reason).toMatch(/DELETE of the row fid=\d+ in table 'simple'/);
    expect(existsSync(path)).toBe(false);
  });

  it('gives the records of complex/complex1.json for base.gpkg → complex1.gpkg', () => {
    const path = output('changeset.diff');
    diff(vector('base.gpkg'), vector('complex/complex1.gpkg'), path);
    const json = JSON.parse(readFileSync(vector('complex/complex1.json'), 'utf8')) as { geodiff: unknown[] };
    const asJson = [...readChangeset(path)].map(geodiffJson);
    expect(asJson).toEqual(json.geodiff);
  });
});

describe('diff and apply round trips over the other vector files', () => {
  const roundTrips: [base: string, modified: string][] = [
    ['base.sqlite', 'pure_sqlite/modified_base.sqlite'],
    ['base_fk.gpkg', 'fk_1_update/modified_fk.gpkg'],
    ['base_fk.gpkg', 'fk_2_updates/modified_fk_AB.gpkg'],
    ['base_fk.gpkg', 'fk_2_updates/modified_fk_A_plus_new_tree.gpkg'],
    ['base_fk.gpkg', 'fk_2_updates/modified_fk_only_new_tree.gpkg'],
    ['gpkg_custom_triggers/db-base.gpkg', 'gpkg_custom_triggers/db-modified_A.gpkg'],
    ['gpkg_custom_triggers/db-base.gpkg', 'gpkg_custom_triggers/db-modified_B.gpkg'],
    ['3d/db3d-base.gpkg', '3d/db3d-modified.gpkg'],
    ['capital-letters/db-capital-base.gpkg', 'capital-letters/db-capital-modified.gpkg'],
    ['edge-cases/db-edge-cases.gpkg', 'edge-cases/db-edge-cases-mod.gpkg'],
    ['skip_tables/base.gpkg', 'skip_tables/modified_all.gpkg'],
    ['skip_tables/base.gpkg', 'skip_tables/modified_points.gpkg'],
    ['base3.gpkg', 'updates_to_different_tables/final_modify_line.gpkg'],
    ['base3.gpkg', 'updates_to_different_tables/final_delete_line.gpkg'],
    ['base3.gpkg', 'updates_to_different_tables/final_add_line.gpkg'],
    ['base.gpkg', 'updates_to_different_tables/final_extent.gpkg'],
    ['base.gpkg', 'insert_multiple/c_4_5_6_7_8.gpkg'],
    ['base.gpkg', '2_updates_2/merged_A_B.gpkg'],
    ['base.gpkg', '2_deletes/merged_A_B.gpkg'],
    ['base.gpkg', '2_inserts/merged_1_A_1_B.gpkg'],
    ['base.gpkg', 'complex/complex1.gpkg'],
    ['2_updates/updated_A.gpkg', 'base.gpkg'],
  ];

  it.each(roundTrips)('diff %s → %s, then apply, gives the modified rows', (base, modified) => {
    const changeset = output('changeset.diff');
    const result = diff(vector(base), vector(modified), changeset);
    expect(result.size).toBeGreaterThan(0);
    expect(result.summary).toEqual(summarize(changeset));
    const path = output('applied.gpkg');
    apply(vector(base), changeset, path);
    expectSameRows(path, vector(modified));
  });

  it('writes an empty changeset when nothing changed', () => {
    const changeset = output('empty.diff');
    expect(diff(vector('base.gpkg'), vector('base.gpkg'), changeset)).toEqual({ summary: [], size: 0 });
    expect(readFileSync(changeset).length).toBe(0);
    const path = output('applied.gpkg');
    apply(vector('base.gpkg'), changeset, path);
    expectSameRows(path, vector('base.gpkg'));
  });

  it.each([
    ['modified_scheme/added_attribute.gpkg', "Table 'simple': columns changed (added added_field)"],
    [
      'modified_scheme/added_attribute_different_type.gpkg',
      "Table 'simple': columns changed (added added_field)",
    ],
    ['modified_scheme/added_table.gpkg', 'The tables differ (added added_table)'],
    ['modified_scheme/reprojected.gpkg', "Table 'simple': columns changed (added geom; removed geometry)"],
  ])('refuses base.gpkg → %s with SchemaChangeError "%s" and leaves no changeset', (modified, message) => {
    const changeset = output('schema.diff');
    expect(() => diff(vector('base.gpkg'), vector(modified), changeset)).toThrow(
      expect.objectContaining({ name: 'SchemaChangeError', message, reason: message }),
    );
    expect(() => diff(vector('base.gpkg'), vector(modified), changeset)).toThrow(SchemaChangeError);
    expect(existsSync(changeset)).toBe(false);
  });
});
