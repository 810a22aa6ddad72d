import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RebaseError } from '../errors.ts';
import { readChangeset } from '../format/changeset-reader.ts';
import { writeChangeset } from '../format/changeset-writer.ts';
import { databaseRows } from '../testing/database-rows.ts';
import { geodiffJson } from '../testing/geodiff-json.ts';
import { vector } from '../testing/vectors.ts';
import { apply } from './apply.ts';
import { diff } from './diff.ts';
import { conflictFileText, rebase } from './rebase.ts';

const work = mkdtempSync(join(tmpdir(), 'gpkg-diff-rebase-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let counter = 0;
const output = (name: string): string => join(work, `${counter++}-${name}`);

/**
 * geodiff's `_test` of test_concurrent_commits.cpp: A (theirs) and B (ours) both edit base; B's changeset rebased
 * on A's, applied to A, must give the expected file, with geodiff's count of rebased records and conflicts.
 */
const MERGES: {
  name: string;
  base: string;
  theirs: string;
  ours: string;
  expected: string;
  records: number;
  conflicts: number;
}[] = [
  {
    name: 'inserts on both sides',
    base: 'base.gpkg',
    theirs: '2_inserts/inserted_1_A.gpkg',
    ours: '2_inserts/inserted_1_B.gpkg',
    expected: '2_inserts/merged_1_A_1_B.gpkg',
    records: 1,
    conflicts: 0,
  },
  {
    name: 'the same field edited on both sides',
    base: 'base.gpkg',
    theirs: '2_updates/updated_A.gpkg',
    ours: '2_updates/updated_B.gpkg',
    expected: '2_updates/merged_1_A_1_B.gpkg',
    records: 1,
    conflicts: 1,
  },
  {
    name: 'other fields of one row edited',
    base: 'base.gpkg',
    theirs: '2_updates_2/updated_A.gpkg',
    ours: '2_updates_2/updated_B.gpkg',
    expected: '2_updates_2/merged_A_B.gpkg',
    records: 1,
    conflicts: 0,
  },
  {
    name: 'the same row deleted on both sides',
    base: 'base.gpkg',
    theirs: '2_deletes/deleted_A.gpkg',
    ours: '2_deletes/deleted_B.gpkg',
    expected: '2_deletes/merged_A_B.gpkg',
    records: 0,
    conflicts: 0,
  },
  {
    name: 'our update of a row they deleted',
    base: 'base.gpkg',
    theirs: 'delete_update/deleted_A.gpkg',
    ours: 'delete_update/updated_B.gpkg',
    expected: 'delete_update/deleted_A.gpkg',
    records: 0,
    conflicts: 1,
  },
  {
    name: 'our delete of a row they updated',
    base: 'base.gpkg',
    theirs: 'update_delete/updated_A.gpkg',
    ours: 'update_delete/deleted_B.gpkg',
    expected: 'update_delete/deleted_B.gpkg',
    records: 1,
    conflicts: 0,
  },
  {
    name: 'inserts outside the extent',
    base: 'base.gpkg',
    theirs: 'updates_to_different_tables/add_1.gpkg',
    ours: 'updates_to_different_tables/add_1_outside_extent.gpkg',
    expected: 'updates_to_different_tables/final_extent.gpkg',
    records: 1,
    conflicts: 0,
  },
  {
    name: 'an insert in another table',
    base: 'base3.gpkg',
    theirs: 'updates_to_different_tables/add_point.gpkg',
    ours: 'updates_to_different_tables/add_line.gpkg',
    expected: 'updates_to_different_tables/final_add_line.gpkg',
    records: 1,
    conflicts: 0,
  },
  {
    name: 'an update in another table',
    base: 'base3.gpkg',
    theirs: 'updates_to_different_tables/add_point.gpkg',
    ours: 'updates_to_different_tables/modify_line.gpkg',
    expected: 'updates_to_different_tables/final_modify_line.gpkg',
    records: 2,
    conflicts: 0,
  },
  {
    name: 'a delete in another table',
    base: 'base3.gpkg',
    theirs: 'updates_to_different_tables/add_point.gpkg',
    ours: 'updates_to_different_tables/remove_line.gpkg',
    expected: 'updates_to_different_tables/final_delete_line.gpkg',
    records: 1,
    conflicts: 0,
  },
  {
    name: 'inserts 4, 5 against 4, 5, 6',
    base: 'base.gpkg',
    theirs: 'insert_multiple/a_4_5.gpkg',
    ours: 'insert_multiple/b_4_5_6.gpkg',
    expected: 'insert_multiple/ab_rebased.gpkg',
    records: 3,
    conflicts: 0,
  },
  {
    name: 'inserts 4, 5 against 4 to 8',
    base: 'base.gpkg',
    theirs: 'insert_multiple/a_4_5.gpkg',
    ours: 'insert_multiple/c_4_5_6_7_8.gpkg',
    expected: 'insert_multiple/ac_rebased.gpkg',
    records: 5,
    conflicts: 0,
  },
  {
    name: 'related rows inserted on both sides',
    base: 'base_fk.gpkg',
    theirs: 'fk_2_updates/modified_fk_A.gpkg',
    ours: 'fk_2_updates/modified_fk_B.gpkg',
    expected: 'fk_2_updates/modified_fk_AB.gpkg',
    records: 2,
    conflicts: 0,
  },
  {
    name: 'a related row inserted on our side',
    base: 'base_fk.gpkg',
    theirs: 'fk_2_updates/modified_fk_A.gpkg',
    ours: 'fk_2_updates/modified_fk_only_new_tree.gpkg',
    expected: 'fk_2_updates/modified_fk_A_plus_new_tree.gpkg',
    records: 6,
    conflicts: 0,
  },
  {
    name: 'a related row inserted on their side',
    base: 'base_fk.gpkg',
    theirs: 'fk_2_updates/modified_fk_only_new_tree.gpkg',
    ours: 'fk_2_updates/modified_fk_A.gpkg',
    expected: 'fk_2_updates/modified_fk_new_tree_plus_A.gpkg',
    records: 2,
    conflicts: 0,
  },
];

const records = (path: string) => [...readChangeset(path)];

describe('rebase on geodiff concurrent-commit vectors', () => {
  it.each(MERGES)('$name', ({ base, theirs, ours, expected, records: count, conflicts }) => {
    const baseTheirs = output('theirs.diff');
    const baseOurs = output('ours.diff');
    const rebased = output('rebased.diff');
    const merged = output('merged.gpkg');
    diff(vector(base), vector(theirs), baseTheirs);
    diff(vector(base), vector(ours), baseOurs);
    const result = rebase(baseTheirs, baseOurs, rebased);
    expect(records(rebased)).toHaveLength(count);
    expect(result.size).toBe(statSync(rebased).size);
    expect(result.conflicts).toHaveLength(conflicts);
    apply(vector(theirs), rebased, merged);
    expect(databaseRows(merged)).toEqual(databaseRows(vector(expected)));
  });
});

/** geodiff's command line tool (bench/build-geodiff.sh), when given: our bytes must equal its bytes. */
const GEODIFF = process.env.GEODIFF;

describe.skipIf(!GEODIFF)('rebase against geodiff rebase-diff (GEODIFF=path)', () => {
  it.each(MERGES)('$name: the same changeset bytes and conflict file', ({ base, theirs, ours }) => {
    const baseTheirs = output('theirs.diff');
    const baseOurs = output('ours.diff');
    diff(vector(base), vector(theirs), baseTheirs);
    diff(vector(base), vector(ours), baseOurs);
    const [mine, reference, conflicts] = [output('mine.diff'), output('geodiff.diff'), output('c.json')];
    const result = rebase(baseTheirs, baseOurs, mine);
    execFileSync(GEODIFF!, ['rebase-diff', vector(base), baseOurs, baseTheirs, reference, conflicts]);
    expect(readFileSync(mine)).toEqual(existsSync(reference) ? readFileSync(reference) : Buffer.alloc(0));
    if (result.conflicts.length === 0) expect(existsSync(conflicts)).toBe(false);
    else expect(conflictFileText(result.conflicts)).toBe(readFileSync(conflicts, 'utf8'));
  });
});

describe('rebase on geodiff rebase_conflict vectors (one row, fid 2, of table simple)', () => {
  it.each(['case1', 'case2', 'case3', 'case4'])('%s: the rebased changeset and conflict file', (name) => {
    const rebased = output('rebased.diff');
    const result = rebase(
      vector(`rebase_conflict/${name}b.diff`),
      vector(`rebase_conflict/${name}a.diff`),
      rebased,
    );
    const expected = vector(`rebase_conflict/${name}a-rebased.diff`);
    expect(records(rebased).map(geodiffJson)).toEqual(records(expected).map(geodiffJson));
    const conflicts = vector(`rebase_conflict/${name}a-rebased.conflicts`);
    if (existsSync(conflicts)) {
      expect(JSON.parse(conflictFileText(result.conflicts))).toEqual(
        JSON.parse(readFileSync(conflicts, 'utf8')),
      );
    } else {
      expect(result.conflicts).toEqual([]);
    }
  });

  it('writes the conflict file as geodiff does: keys in name order, two-space indent', () => {
    const result = rebase(
      vector('rebase_conflict/case4b.diff'),
      vector('rebase_conflict/case4a.diff'),
      output('r.diff'),
    );
    expect(conflictFileText(result.conflicts)).toBe(
      [
        '{',
        '  "geodiff": [',
        '    {',
        '      "changes": [',
        '        {',
        '          "base": "feature2",',
        '          "column": 2,',
        '          "new": "feature2A",',
        '          "old": "feature2B"',
        '        }',
        '      ],',
        '      "fid": "2",',
        '      "table": "simple",',
        '      "type": "conflict"',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    );
  });
});

describe('rebase edge cases', () => {
  it('copies ours when theirs is empty, and writes nothing of ours when ours is empty', () => {
    const empty = output('empty.diff');
    diff(vector('base.gpkg'), vector('base.gpkg'), empty);
    const ours = output('ours.diff');
    diff(vector('base.gpkg'), vector('2_updates/updated_B.gpkg'), ours);
    const copied = output('copied.diff');
    expect(rebase(empty, ours, copied).conflicts).toEqual([]);
    expect(readFileSync(copied)).toEqual(readFileSync(ours));
    const none = output('none.diff');
    expect(rebase(ours, empty, none)).toEqual({ size: 0, conflicts: [] });
    expect(records(none)).toEqual([]);
  });

  it('refuses tables keyed by more than one column, and leaves no output', () => {
    const table = { name: 'pairs', primaryKeys: [true, true, false] };
    const theirs = output('theirs.diff');
    const ours = output('ours.diff');
    writeChangeset(theirs, [{ table, op: 'insert', indirect: false, new: [1n, 1n, 'a'] }]);
    writeChangeset(ours, [{ table, op: 'insert', indirect: false, new: [1n, 2n, 'b'] }]);
    const rebased = output('rebased.diff');
    expect(() => rebase(theirs, ours, rebased)).toThrow(RebaseError);
    expect(existsSync(rebased)).toBe(false);
  });
});
