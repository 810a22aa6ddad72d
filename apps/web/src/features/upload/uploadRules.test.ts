import { describe, expect, it } from 'vitest';
import {
  blacklistOf,
  fileExtension,
  isIgnoredPath,
  isSkippedFile,
  joinProjectPath,
  needsUploadConfirmation,
} from './uploadRules.ts';

describe('upload rules', () => {
  it('takes the extension after the last dot of the file name, not of a folder or a leading dot', () => {
    expect(fileExtension('survey/points.gpkg')).toBe('gpkg');
    expect(fileExtension('v1.2/README')).toBe('');
    expect(fileExtension('.directory')).toBe('');
    expect(fileExtension('a.tar.gz')).toBe('gz');
  });

  it('ignores the endings of SPEC §5 in the extension only', () => {
    for (const path of [
      'data.gpkg-wal',
      'data.gpkg-shm',
      'notes.txt~',
      'module.pyc',
      'edit.swap',
      'x/y.vimswap',
    ]) {
      expect({ path, ignored: isIgnoredPath(path) }).toEqual({ path, ignored: true });
    }
    for (const path of ['data.gpkg', 'wal', 'notes~', 'shm-data.txt', '.swap', 'python.py']) {
      expect({ path, ignored: isIgnoredPath(path) }).toEqual({ path, ignored: false });
    }
  });

  it('asks for a confirmation only when a GeoPackage, SQLite or QGIS project file is updated', () => {
    expect(needsUploadConfirmation(['photo.jpg', 'notes.txt'])).toBe(false);
    expect(needsUploadConfirmation([])).toBe(false);
    expect(needsUploadConfirmation(['data/survey.GPKG'])).toBe(true);
    expect(needsUploadConfirmation(['base.sqlite'])).toBe(true);
    expect(needsUploadConfirmation(['project.qgz'])).toBe(true);
    expect(needsUploadConfirmation(['project.qgs'])).toBe(true);
  });

  it('joins project paths without empty segments', () => {
    expect(joinProjectPath('', 'a.txt')).toBe('a.txt');
    expect(joinProjectPath('photos/', '/2024', 'a.jpg')).toBe('photos/2024/a.jpg');
    expect(joinProjectPath('', '')).toBe('');
  });

  it('reads the blacklist of /ping, folder names with or without their trailing slash', () => {
    const blacklist = blacklistOf({ blacklist_files: ['.DS_Store'], blacklist_dirs: ['.mergin/', '.git'] });
    expect(blacklist.dirs).toEqual(['.mergin', '.git']);
    expect(isSkippedFile('.DS_Store', blacklist)).toBe(true);
    expect(isSkippedFile('survey.gpkg-wal', blacklist)).toBe(true);
    expect(isSkippedFile('survey.gpkg', blacklist)).toBe(false);
    expect(blacklistOf(undefined)).toEqual({ files: [], dirs: [] });
  });
});
