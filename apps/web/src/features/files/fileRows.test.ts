import type { ProjectFile } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { baseName, listFolder, normalizeLocation, pageOf, parentOf } from './fileRows.ts';

const file = (path: string, size: number, mtime: string): ProjectFile => ({
  path,
  size,
  mtime,
  checksum: 'c'.repeat(40),
});

const FILES: ProjectFile[] = [
  file('survey.gpkg', 5000, '2025-03-01T10:00:00Z'),
  file('project.qgz', 800, '2025-03-02T10:00:00Z'),
  file('data/roads.gpkg', 3000, '2025-01-01T10:00:00Z'),
  file('data/photos/a.jpg', 100, '2025-02-01T10:00:00Z'),
  file('data/photos/b.jpg', 200, '2025-04-01T10:00:00Z'),
  file('docs/Été notes.txt', 10, '2024-12-01T10:00:00Z'),
  file('Zebra.txt', 1, '2020-01-01T10:00:00Z'),
  file('file10.txt', 1, '2020-01-01T10:00:00Z'),
  file('file9.txt', 1, '2020-01-01T10:00:00Z'),
];

const names = (location?: string, options = {}) =>
  listFolder(FILES, { location, ...options }).rows.map((row) => row.name);

describe('listFolder', () => {
  it('lists folders first, then the files of the root, by name A-Z with numbers in order', () => {
    const listing = listFolder(FILES);
    expect(listing.parent).toBeUndefined();
    expect(listing.rows.map((row) => [row.kind, row.name])).toEqual([
      ['folder', 'data'],
      ['folder', 'docs'],
      ['file', 'file9.txt'],
      ['file', 'file10.txt'],
      ['file', 'project.qgz'],
      ['file', 'survey.gpkg'],
      ['file', 'Zebra.txt'],
    ]);
  });

  it('gives a folder the count, size sum and newest time of every file below it', () => {
    const data = listFolder(FILES).rows.find((row) => row.name === 'data');
    expect(data).toEqual({
      kind: 'folder',
      name: 'data',
      path: 'data',
      fileCount: 3,
      size: 3300,
      mtime: '2025-04-01T10:00:00Z',
    });
  });

  it('opens a nested folder with its parent as ..', () => {
    const listing = listFolder(FILES, { location: 'data' });
    expect(listing.parent).toBe('');
    expect(listing.rows.map((row) => [row.kind, row.path])).toEqual([
      ['folder', 'data/photos'],
      ['file', 'data/roads.gpkg'],
    ]);
    expect(listFolder(FILES, { location: '/data/photos/' }).parent).toBe('data');
    expect(names('data/photos')).toEqual(['a.jpg', 'b.jpg']);
  });

  it('lists nothing for a folder that does not exist, keeping the way up', () => {
    expect(listFolder(FILES, { location: 'nowhere' })).toEqual({ parent: '', rows: [] });
    // A folder named like the start of another is not that folder.
    expect(names('dat')).toEqual([]);
  });

  it('sorts by name Z-A, by last modified and by size, folders still first', () => {
    expect(names('', { sort: 'name_desc' })).toEqual([
      'docs',
      'data',
      'Zebra.txt',
      'survey.gpkg',
      'project.qgz',
      'file10.txt',
      'file9.txt',
    ]);
    expect(names('', { sort: 'modified_desc' })).toEqual([
      'data',
      'docs',
      'project.qgz',
      'survey.gpkg',
      'file9.txt',
      'file10.txt',
      'Zebra.txt',
    ]);
    expect(names('', { sort: 'size_desc' })).toEqual([
      'data',
      'docs',
      'survey.gpkg',
      'project.qgz',
      'file9.txt',
      'file10.txt',
      'Zebra.txt',
    ]);
  });

  it('searches every file below the folder, flat, named by the path below it', () => {
    const listing = listFolder(FILES, { search: ' JPG ' });
    expect(listing.parent).toBeUndefined();
    expect(listing.rows.map((row) => [row.kind, row.name])).toEqual([
      ['file', 'data/photos/a.jpg'],
      ['file', 'data/photos/b.jpg'],
    ]);
    expect(names('data', { search: 'photos/b' })).toEqual(['photos/b.jpg']);
    // Only below the current folder: the root's survey.gpkg is not found from data/.
    expect(names('data', { search: 'gpkg' })).toEqual(['roads.gpkg']);
  });

  it('searches without regard to case or accents and sorts the results', () => {
    expect(names('', { search: 'ete' })).toEqual(['docs/Été notes.txt']);
    expect(names('', { search: '.txt', sort: 'name_desc' })).toEqual([
      'Zebra.txt',
      'file10.txt',
      'file9.txt',
      'docs/Été notes.txt',
    ]);
    expect(names('', { search: 'nothing like it' })).toEqual([]);
  });

  it('treats a blank search as none', () => {
    expect(names('', { search: '   ' })).toEqual(names(''));
  });
});

describe('path helpers', () => {
  it('normalise locations and split paths', () => {
    expect(normalizeLocation(undefined)).toBe('');
    expect(normalizeLocation('//a//b/')).toBe('a/b');
    expect(parentOf('a/b/c')).toBe('a/b');
    expect(parentOf('a')).toBe('');
    expect(baseName('a/b/c.txt')).toBe('c.txt');
    expect(baseName('c.txt')).toBe('c.txt');
  });

  it('pages rows 1-based', () => {
    const rows = Array.from({ length: 120 }, (_, index) => index);
    expect(pageOf(rows, 1, 50)).toHaveLength(50);
    expect(pageOf(rows, 3, 50)).toEqual(rows.slice(100));
  });
});
