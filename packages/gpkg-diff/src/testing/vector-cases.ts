/** What each `.diff` of the vectors is, from geodiff's own tests (geodiff/tests/*.cpp). */
export type VectorCase =
  /** The changeset geodiff wrote for base → modified: ours must equal it byte for byte. */
  | { kind: 'pair'; base: string; modified: string }
  /**
   * Written by geodiff before 1.0, which still listed gpkg_* metadata tables (and, through SQLite's session
   * extension, wrote rows in hash order when `unordered`): ours must equal it without those tables (as a multiset
   * of records when unordered). Apply must still give the modified file.
   */
  | { kind: 'older'; base: string; modified: string; unordered?: boolean }
  /** No modified file: applying it to `base` must give `expected`. */
  | { kind: 'apply'; base: string; expected: string }
  /** Applying it to `base` must fail with a conflict. */
  | { kind: 'conflict'; base: string }
  /** Changesets of geodiff's concat / rebase / PostGIS tests, with no SQLite file: only read and written back. */
  | { kind: 'format-only'; why: string };

const NO_DATABASE = 'tests of changeset concatenation or rebase, with no database to diff or apply to';
const POSTGIS = 'data of the PostGIS driver';

/** Changesets only read and written back, for `why`. */
function formatOnly(why: string, names: string[]): Record<string, VectorCase> {
  return Object.fromEntries(names.map((name) => [name, { kind: 'format-only', why }]));
}

export const CASES: Record<string, VectorCase> = {
  '1_geopackage/base-modified_1_geom.diff': {
    kind: 'older',
    base: 'base.gpkg',
    modified: '1_geopackage/modified_1_geom.gpkg',
  },
  '2_deletes/base-deleted_A.diff': { kind: 'pair', base: 'base.gpkg', modified: '2_deletes/deleted_A.gpkg' },
  '2_inserts/base-inserted_1_A.diff': {
    kind: 'pair',
    base: 'base.gpkg',
    modified: '2_inserts/inserted_1_A.gpkg',
  },
  '2_updates/base-updated_A.diff': { kind: 'pair', base: 'base.gpkg', modified: '2_updates/updated_A.gpkg' },
  'apply_with_gpkg_contents/base-gpkg-contents-conflict.diff': {
    kind: 'apply',
    base: 'base.gpkg',
    expected: '1_geopackage/modified_1_geom.gpkg',
  },
  'conflict/base-conflict-delete.diff': { kind: 'conflict', base: 'base.gpkg' },
  'datetime/datetime1-2-ms.diff': {
    kind: 'pair',
    base: 'datetime/datetime1-ms.gpkg',
    modified: 'datetime/datetime2-ms.gpkg',
  },
  'datetime/datetime1-2.diff': {
    kind: 'pair',
    base: 'datetime/datetime1.gpkg',
    modified: 'datetime/datetime2.gpkg',
  },
  'datetime/datetime1-3a.diff': {
    kind: 'pair',
    base: 'datetime/datetime1.gpkg',
    modified: 'datetime/datetime3.gpkg',
  },
  "dir_with_quote's's/r.diff": {
    kind: 'older',
    base: "dir_with_quote's's/base.gpkg",
    modified: "dir_with_quote's's/recreated.gpkg",
    unordered: true,
  },
  'gpkg_triggers/modified-changeset.diff': {
    kind: 'pair',
    base: 'gpkg_triggers/db-base.gpkg',
    modified: 'gpkg_triggers/db-modified.gpkg',
  },
  'sqlite_pks/multi_primary_key_A.diff': {
    kind: 'pair',
    base: 'sqlite_pks/multi_primary_key.sqlite',
    modified: 'sqlite_pks/multi_primary_key_A.sqlite',
  },
  'sqlite_pks/multi_primary_key_B.diff': {
    kind: 'pair',
    base: 'sqlite_pks/multi_primary_key.sqlite',
    modified: 'sqlite_pks/multi_primary_key_B.sqlite',
  },
  'sqlite_pks/text_pk_A.diff': {
    kind: 'pair',
    base: 'sqlite_pks/text_pk.sqlite',
    modified: 'sqlite_pks/text_pk_A.sqlite',
  },
  'sqlite_pks/text_pk_B.diff': {
    kind: 'pair',
    base: 'sqlite_pks/text_pk.sqlite',
    modified: 'sqlite_pks/text_pk_B.sqlite',
  },
  'utf_test_ščé/changes.diff': {
    kind: 'older',
    base: 'utf_test_ščé/testáá.gpkg',
    modified: 'utf_test_ščé/testčč.gpkg',
  },
  ...formatOnly(NO_DATABASE, [
    'concat/bar-delete.diff',
    'concat/bar-insert.diff',
    'concat/bar-update.diff',
    'concat/foo-insert-update-1.diff',
    'concat/foo-insert-update-2.diff',
    'concat/foo-insert-update-result.diff',
    'rebase_conflict/case1a-rebased.diff',
    'rebase_conflict/case1a.diff',
    'rebase_conflict/case1b.diff',
    'rebase_conflict/case2a-rebased.diff',
    'rebase_conflict/case2a.diff',
    'rebase_conflict/case2b.diff',
    'rebase_conflict/case3a-rebased.diff',
    'rebase_conflict/case3a.diff',
    'rebase_conflict/case3b.diff',
    'rebase_conflict/case4a-rebased.diff',
    'rebase_conflict/case4a.diff',
    'rebase_conflict/case4b.diff',
  ]),
  ...formatOnly(POSTGIS, [
    'postgres/deleted_a.diff',
    'postgres/dump_data.diff',
    'postgres/inserted_1_a.diff',
    'postgres/updated_a.diff',
  ]),
};

/** The base/modified pairs whose changeset geodiff wrote (ours must equal it byte for byte), by `.diff` name. */
export function geodiffPairs(): [diff: string, base: string, modified: string][] {
  return Object.entries(CASES).flatMap(([diff, vectorCase]) =>
    vectorCase.kind === 'pair'
      ? [[diff, vectorCase.base, vectorCase.modified] as [string, string, string]]
      : [],
  );
}
