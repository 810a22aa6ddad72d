import type { DeltaItem } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { mergeDelta } from './delta.ts';

/** One change of a file in version `v`, as the delta reads it from the history (diff id `d<v>` for diffs). */
const at = (v: number, change: DeltaItem['change'], path = 'a.gpkg'): DeltaItem => ({
  path,
  size: v * 10,
  checksum: `c${v}`,
  version: `v${v}`,
  change,
  diffs: change === 'update_diff' ? [{ id: `d${v}` }] : [],
});

describe('the net change of a file over a range of versions', () => {
  it('keeps a single change as it is, without an empty diff list', () => {
    expect(mergeDelta([at(3, 'update')])).toEqual([
      { path: 'a.gpkg', size: 30, checksum: 'c3', version: 'v3', change: 'update' },
    ]);
    expect(mergeDelta([at(3, 'update_diff')])).toEqual([{ ...at(3, 'update_diff') }]);
  });

  it('chains consecutive diff updates in order, with the latest size, checksum and version', () => {
    expect(mergeDelta([at(2, 'update_diff'), at(3, 'update_diff'), at(4, 'update_diff')])).toEqual([
      {
        path: 'a.gpkg',
        size: 40,
        checksum: 'c4',
        version: 'v4',
        change: 'update_diff',
        diffs: [{ id: 'd2' }, { id: 'd3' }, { id: 'd4' }],
      },
    ]);
  });

  it('makes a whole-file update followed by diffs a whole-file update (the client downloads the file)', () => {
    expect(mergeDelta([at(2, 'update'), at(3, 'update_diff')])).toEqual([
      { path: 'a.gpkg', size: 30, checksum: 'c3', version: 'v3', change: 'update' },
    ]);
    expect(mergeDelta([at(2, 'update_diff'), at(3, 'update')])).toEqual([
      { path: 'a.gpkg', size: 30, checksum: 'c3', version: 'v3', change: 'update' },
    ]);
  });

  it('keeps a file created in the range a creation, and drops one created and removed in it', () => {
    expect(mergeDelta([at(2, 'create'), at(3, 'update_diff')])).toEqual([
      { path: 'a.gpkg', size: 30, checksum: 'c3', version: 'v3', change: 'create' },
    ]);
    expect(mergeDelta([at(2, 'create'), at(3, 'delete')])).toEqual([]);
    expect(mergeDelta([at(2, 'create'), at(3, 'delete'), at(4, 'create')])).toEqual([
      { path: 'a.gpkg', size: 40, checksum: 'c4', version: 'v4', change: 'create' },
    ]);
  });

  it('reports a file that existed before as removed, or as updated when it came back', () => {
    expect(mergeDelta([at(2, 'update_diff'), at(3, 'delete')])).toEqual([
      { path: 'a.gpkg', size: 30, checksum: 'c3', version: 'v3', change: 'delete' },
    ]);
    expect(mergeDelta([at(2, 'delete'), at(3, 'create')])).toEqual([
      { path: 'a.gpkg', size: 30, checksum: 'c3', version: 'v3', change: 'update' },
    ]);
  });

  it('merges each path on its own', () => {
    const merged = mergeDelta([
      at(2, 'create', 'b.txt'),
      at(2, 'update_diff'),
      at(3, 'delete', 'b.txt'),
      at(3, 'update_diff'),
    ]);
    expect(merged).toEqual([
      {
        path: 'a.gpkg',
        size: 30,
        checksum: 'c3',
        version: 'v3',
        change: 'update_diff',
        diffs: [{ id: 'd2' }, { id: 'd3' }],
      },
    ]);
  });
});
