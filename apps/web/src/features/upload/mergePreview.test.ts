import { describe, expect, it } from 'vitest';
import { pendingMerges } from './mergePreview.ts';
import type { UploadOverlay } from './uploadChanges.ts';

const local = (path: string, baseVersion?: string) => ({
  path,
  file: new File(['x'], path),
  size: 1,
  mtime: 'm',
  checksum: 'c',
  ...(baseVersion ? { baseVersion } : {}),
});

describe('pendingMerges', () => {
  it('lists updated GeoPackages chosen at an older version than the project is at', () => {
    const overlay: UploadOverlay = {
      replacedFolders: [],
      removedPaths: [],
      localFiles: {
        'a.gpkg': local('a.gpkg', 'v7'),
        'b.gpkg': local('b.gpkg', 'v12'),
        'c.gpkg': local('c.gpkg'),
        'd.txt': local('d.txt', 'v7'),
        'e.gpkg': local('e.gpkg', 'v7'),
      },
    };
    expect(pendingMerges({ version: 'v12' }, overlay, ['a.gpkg', 'b.gpkg', 'c.gpkg', 'd.txt'])).toEqual([
      { path: 'a.gpkg', base: 'v7', latest: 'v12' },
    ]);
  });
});
