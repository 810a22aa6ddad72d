import { UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import type { UploadOverlay } from '../uploadChanges.ts';
import { chunkCount, newChunkId, planPush } from './pushPlan.ts';

describe('pushPlan', () => {
  it('counts one chunk per started 10 MiB', () => {
    expect(chunkCount(0)).toBe(0);
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(UPLOAD_CHUNK_SIZE)).toBe(1);
    expect(chunkCount(UPLOAD_CHUNK_SIZE + 1)).toBe(2);
  });

  it('makes random version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, newChunkId));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('declares added and updated files with chunk ids, removed ones as the project has them', () => {
    const big = new File([new Uint8Array(UPLOAD_CHUNK_SIZE + 3)], 'big.gpkg');
    const small = new File(['hello'], 'a.txt');
    const overlay: UploadOverlay = {
      replacedFolders: [''],
      removedPaths: [],
      localFiles: {
        'big.gpkg': {
          path: 'big.gpkg',
          file: big,
          size: big.size,
          mtime: '2025-02-02T00:00:00.000Z',
          checksum: 'c-big',
          chunkChecksums: ['c0', 'c1'],
        },
        'a.txt': { path: 'a.txt', file: small, size: 5, mtime: '2025-02-03T00:00:00.000Z', checksum: 'c-a' },
      },
    };
    let next = 0;
    const plan = planPush(
      {
        version: 'v3',
        files: [
          { path: 'big.gpkg', checksum: 'old', size: 1, mtime: 'm' },
          { path: 'gone.txt', checksum: 'c-gone', size: 7, mtime: '2025-01-01T00:00:00Z' },
        ],
      },
      overlay,
      { added: ['a.txt'], updated: ['big.gpkg'], removed: ['gone.txt'] },
      () => `id-${next++}`,
    );
    expect(plan.body).toEqual({
      version: 'v3',
      changes: {
        added: [
          { path: 'a.txt', checksum: 'c-a', size: 5, mtime: '2025-02-03T00:00:00.000Z', chunks: ['id-0'] },
        ],
        updated: [
          {
            path: 'big.gpkg',
            checksum: 'c-big',
            size: UPLOAD_CHUNK_SIZE + 3,
            mtime: '2025-02-02T00:00:00.000Z',
            chunks: ['id-1', 'id-2'],
          },
        ],
        removed: [{ path: 'gone.txt', checksum: 'c-gone', size: 7, mtime: '2025-01-01T00:00:00Z' }],
      },
    });
    expect(
      plan.chunks.map(({ path, chunkId, size, checksum }) => ({ path, chunkId, size, checksum })),
    ).toEqual([
      { path: 'a.txt', chunkId: 'id-0', size: 5, checksum: undefined },
      { path: 'big.gpkg', chunkId: 'id-1', size: UPLOAD_CHUNK_SIZE, checksum: 'c0' },
      { path: 'big.gpkg', chunkId: 'id-2', size: 3, checksum: 'c1' },
    ]);
    expect(plan.chunks[2]?.blob.size).toBe(3);
    expect(plan.totalBytes).toBe(UPLOAD_CHUNK_SIZE + 8);
  });

  it('pushes a new project from v0', () => {
    const plan = planPush(
      { version: '', files: [] },
      { localFiles: {}, replacedFolders: [], removedPaths: [] },
      {
        added: [],
        updated: [],
        removed: [],
      },
    );
    expect(plan.body.version).toBe('v0');
  });

  it('sends the version a GeoPackage was chosen at when the project moved on since (a merge), else nothing', () => {
    const file = (path: string, baseVersion: string) => ({
      path,
      file: new File(['x'], path),
      size: 1,
      mtime: 'm',
      checksum: `c-${path}`,
      baseVersion,
    });
    const overlay: UploadOverlay = {
      replacedFolders: [],
      removedPaths: [],
      localFiles: {
        'old.gpkg': file('old.gpkg', 'v2'),
        'same.gpkg': file('same.gpkg', 'v5'),
        'notes.txt': file('notes.txt', 'v2'),
      },
    };
    const plan = planPush(
      {
        version: 'v5',
        files: ['old.gpkg', 'same.gpkg', 'notes.txt'].map((path) => ({
          path,
          checksum: 'o',
          size: 1,
          mtime: 'm',
        })),
      },
      overlay,
      { added: [], updated: ['notes.txt', 'old.gpkg', 'same.gpkg'], removed: [] },
    );
    expect(plan.body.changes.updated.map((entry) => [entry.path, entry.base_version])).toEqual([
      ['notes.txt', undefined],
      ['old.gpkg', 'v2'],
      ['same.gpkg', undefined],
    ]);
  });
});
