import { describe, expect, it } from 'vitest';
import { groupChangesetTables, shownLayers, summarizeChangesetTables } from './changesetTables.ts';
import { SURVEY_CHANGES } from './test/changesetFixtures.ts';

describe('groupChangesetTables', () => {
  it('groups rows by layer in the order listed, without gpkg_contents', () => {
    const tables = groupChangesetTables(SURVEY_CHANGES);
    expect(tables.map((table) => table.name)).toEqual(['trees', 'paths']);
    expect(tables[1]?.rows).toHaveLength(12);
  });

  it('makes one column per field any row carries, in column order', () => {
    const changes = [
      {
        table: 't',
        type: 'update' as const,
        changes: [{ column: 3, name: 'd', type: 'text', old: 'x', new: 'y' }],
      },
      { table: 't', type: 'insert' as const, changes: [{ column: 0, name: 'a', type: 'integer', new: 1 }] },
    ];
    expect(groupChangesetTables(changes)[0]?.columns).toEqual([
      { name: 'a', index: 0 },
      { name: 'd', index: 3 },
    ]);
  });

  it('reads inserts as new values, deletes as old ones, updates as old → new or the key alone', () => {
    const [trees] = groupChangesetTables(SURVEY_CHANGES);
    expect(trees?.rows.map((row) => [row.type, row.cells])).toEqual([
      [
        'insert',
        {
          fid: { kind: 'value', value: 4 },
          geom: { kind: 'value', value: 'POINT(14.44 50.1)' },
          species: { kind: 'value', value: 'ash' },
        },
      ],
      [
        'update',
        {
          fid: { kind: 'value', value: 3 },
          species: { kind: 'change', old: 'birch', new: 'silver birch' },
        },
      ],
      [
        'delete',
        {
          fid: { kind: 'value', value: 2 },
          geom: { kind: 'value', value: 'POINT(14.42 50.09)' },
          species: { kind: 'value', value: null },
        },
      ],
    ]);
  });
});

describe('summaries', () => {
  it('counts the rows of each shown layer', () => {
    expect(summarizeChangesetTables(groupChangesetTables(SURVEY_CHANGES))).toEqual([
      { table: 'trees', insert: 1, update: 1, delete: 1 },
      { table: 'paths', insert: 12, update: 0, delete: 0 },
    ]);
  });

  it('leaves gpkg_contents out of a server summary', () => {
    const summary = [
      { table: 'gpkg_contents', insert: 0, update: 1, delete: 0 },
      { table: 'trees', insert: 1, update: 0, delete: 0 },
    ];
    expect(shownLayers(summary)).toEqual([{ table: 'trees', insert: 1, update: 0, delete: 0 }]);
  });
});
