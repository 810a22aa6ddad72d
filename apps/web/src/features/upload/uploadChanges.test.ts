import type { ProjectFile } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import {
  applyDrop,
  applyRemoval,
  type DroppedItem,
  diffUpload,
  EMPTY_OVERLAY,
  type UploadOverlay,
  uploadSize,
} from './uploadChanges.ts';

const projectFile = (path: string, checksum = `sha-${path}`, size = 10): ProjectFile => ({
  path,
  checksum,
  size,
  mtime: '2025-01-01T00:00:00Z',
});

const file = (name: string, content = name) => new File([content], name, { lastModified: 1_700_000_000_000 });

const fileItem = (name: string, content?: string): DroppedItem => ({
  name,
  isDirectory: false,
  files: [{ relativePath: name, file: file(name, content) }],
});

const folderItem = (name: string, paths: string[]): DroppedItem => ({
  name,
  isDirectory: true,
  files: paths.map((relativePath) => ({ relativePath, file: file(relativePath.split('/').at(-1) ?? '') })),
});

/** Marks every local file analysed with the given checksums (default: its path, i.e. a new content). */
function analysed(overlay: UploadOverlay, checksums: Record<string, string> = {}): UploadOverlay {
  const localFiles = Object.fromEntries(
    Object.entries(overlay.localFiles).map(([path, local]) => [
      path,
      { ...local, checksum: checksums[path] ?? `new-${path}` },
    ]),
  );
  return { ...overlay, localFiles };
}

describe('applyDrop', () => {
  it('puts dropped files into the current folder, with their size and modification time', () => {
    const overlay = applyDrop(EMPTY_OVERLAY, [fileItem('a.txt', 'hello')], 'notes/2025', 'survey');
    expect(Object.keys(overlay.localFiles)).toEqual(['notes/2025/a.txt']);
    expect(overlay.localFiles['notes/2025/a.txt']).toMatchObject({
      size: 5,
      mtime: new Date(1_700_000_000_000).toISOString(),
    });
    expect(overlay.replacedFolders).toEqual([]);
  });

  it('takes a dropped folder as the new content of that folder', () => {
    const overlay = applyDrop(EMPTY_OVERLAY, [folderItem('photos', ['a.jpg', 'trip/b.jpg'])], '', 'survey');
    expect(Object.keys(overlay.localFiles).sort()).toEqual(['photos/a.jpg', 'photos/trip/b.jpg']);
    expect(overlay.replacedFolders).toEqual(['photos']);
  });

  it('takes a single folder named like the project as the whole project, wherever it is dropped', () => {
    const overlay = applyDrop(
      EMPTY_OVERLAY,
      [folderItem('survey', ['data.gpkg', 'dcim/1.jpg'])],
      'dcim',
      'survey',
    );
    expect(Object.keys(overlay.localFiles).sort()).toEqual(['data.gpkg', 'dcim/1.jpg']);
    expect(overlay.replacedFolders).toEqual(['']);
  });

  it('adds later drops to the earlier ones; a folder dropped again replaces what it held before', () => {
    let overlay = applyDrop(EMPTY_OVERLAY, [folderItem('photos', ['a.jpg', 'b.jpg'])], '', 'survey');
    overlay = applyDrop(overlay, [fileItem('notes.txt')], '', 'survey');
    overlay = applyDrop(overlay, [folderItem('photos', ['c.jpg'])], '', 'survey');
    expect(Object.keys(overlay.localFiles).sort()).toEqual(['notes.txt', 'photos/c.jpg']);
    expect(overlay.replacedFolders).toEqual(['photos']);
  });
});

describe('diffUpload', () => {
  const project = [
    projectFile('data.gpkg', 'old'),
    projectFile('photos/a.jpg', 'same'),
    projectFile('readme.txt'),
  ];

  it('reports new paths as added at once, and known paths once analysed: changed or unchanged', () => {
    const overlay = applyDrop(EMPTY_OVERLAY, [fileItem('data.gpkg'), fileItem('new.txt')], '', 'survey');
    const before = diffUpload(project, overlay);
    expect(before).toEqual({
      added: ['new.txt'],
      updated: [],
      removed: [],
      pending: ['data.gpkg'],
      changes: 1,
    });

    expect(diffUpload(project, analysed(overlay))).toEqual({
      added: ['new.txt'],
      updated: ['data.gpkg'],
      removed: [],
      pending: [],
      changes: 2,
    });
    expect(diffUpload(project, analysed(overlay, { 'data.gpkg': 'old' })).updated).toEqual([]);
  });

  it('removes what a dropped folder no longer holds, and nothing outside it', () => {
    const overlay = applyDrop(EMPTY_OVERLAY, [folderItem('photos', ['b.jpg'])], '', 'survey');
    const diff = diffUpload(project, analysed(overlay));
    expect(diff.removed).toEqual(['photos/a.jpg']);
    expect(diff.added).toEqual(['photos/b.jpg']);
  });

  it('a whole-project drop removes every project file it lacks, but never files of ignored endings', () => {
    const withJournal = [...project, projectFile('data.gpkg-wal')];
    const overlay = applyDrop(EMPTY_OVERLAY, [folderItem('survey', ['data.gpkg'])], '', 'survey');
    const diff = diffUpload(withJournal, analysed(overlay, { 'data.gpkg': 'old' }));
    expect(diff).toEqual({
      added: [],
      updated: [],
      removed: ['photos/a.jpg', 'readme.txt'],
      pending: [],
      changes: 2,
    });
  });

  it('finds no change when the dropped files are the project files', () => {
    const overlay = applyDrop(EMPTY_OVERLAY, [fileItem('readme.txt')], '', 'survey');
    expect(diffUpload(project, analysed(overlay, { 'readme.txt': 'sha-readme.txt' })).changes).toBe(0);
  });

  it('removes deleted files and the files of deleted folders, also from the upload', () => {
    let overlay = applyDrop(EMPTY_OVERLAY, [fileItem('photos/b.jpg'), fileItem('c.txt')], '', 'survey');
    overlay = applyRemoval(overlay, ['photos', 'readme.txt']);
    expect(Object.keys(overlay.localFiles)).toEqual(['c.txt']);
    const diff = diffUpload(project, analysed(overlay));
    expect(diff).toEqual({
      added: ['c.txt'],
      updated: [],
      removed: ['photos/a.jpg', 'readme.txt'],
      pending: [],
      changes: 3,
    });
  });

  it('counts the bytes of added and updated files as the upload size', () => {
    const overlay = analysed(
      applyDrop(EMPTY_OVERLAY, [fileItem('data.gpkg', 'abc'), fileItem('n.txt', 'hello')], '', 'survey'),
    );
    expect(uploadSize(diffUpload(project, overlay), overlay)).toBe(8);
  });
});
