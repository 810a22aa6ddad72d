import type { ChangesetDetail } from '@waymark/contract';

/** A long WKT line, longer than the grids show. */
export const LONG_LINE = `LINESTRING(${Array.from({ length: 8 }, (_, index) => `14.4${index} 50.0${index}`).join(', ')})`;

/**
 * The changed rows of `survey.gpkg` as GET /v1/resource/changesets answers them: in `trees` one insert, one
 * update (species renamed; the key carries only its old value, the geometry is not in the row) and one
 * delete with a NULL; gpkg_contents' bookkeeping update; twelve new `paths`, more than one page.
 */
export const SURVEY_CHANGES: ChangesetDetail = [
  {
    table: 'gpkg_contents',
    type: 'update',
    changes: [
      { column: 0, name: 'table_name', type: 'text', old: 'trees' },
      {
        column: 4,
        name: 'last_change',
        type: 'text',
        old: '2025-05-01T08:00:00Z',
        new: '2025-05-02T08:00:00Z',
      },
    ],
  },
  {
    table: 'trees',
    type: 'insert',
    changes: [
      { column: 0, name: 'fid', type: 'integer', new: 4 },
      { column: 1, name: 'geom', type: 'geometry', new: 'POINT(14.44 50.1)' },
      { column: 2, name: 'species', type: 'text', new: 'ash' },
    ],
  },
  {
    table: 'trees',
    type: 'update',
    changes: [
      { column: 0, name: 'fid', type: 'integer', old: 3 },
      { column: 2, name: 'species', type: 'text', old: 'birch', new: 'silver birch' },
    ],
  },
  {
    table: 'trees',
    type: 'delete',
    changes: [
      { column: 0, name: 'fid', type: 'integer', old: 2 },
      { column: 1, name: 'geom', type: 'geometry', old: 'POINT(14.42 50.09)' },
      { column: 2, name: 'species', type: 'text', old: null },
    ],
  },
  ...Array.from({ length: 12 }, (_, index) => ({
    table: 'paths',
    type: 'insert' as const,
    changes: [
      { column: 0, name: 'fid', type: 'integer', new: index + 1 },
      { column: 1, name: 'geom', type: 'geometry', new: LONG_LINE },
    ],
  })),
];
