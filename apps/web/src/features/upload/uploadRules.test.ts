import { describe, expect, it } from 'vitest';
import {
  blacklistOf,
  isBlacklistedDir,
  isSkippedFile,
  joinProjectPath,
  needsUploadConfirmation,
} from './uploadRules.ts';

describe('upload rules', () => {
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
    expect(isBlacklistedDir('.mergin', blacklist)).toBe(true);
    expect(isBlacklistedDir('mergin', blacklist)).toBe(false);
    expect(blacklistOf(undefined)).toEqual({ files: [], dirs: [] });
  });

  it('skips blacklisted file names and the side files of SPEC §5', () => {
    const blacklist = blacklistOf({ blacklist_files: ['.DS_Store'], blacklist_dirs: [] });
    for (const name of [
      '.DS_Store',
      'survey.gpkg-wal',
      'survey.gpkg-shm',
      'notes.txt~',
      'cache.pyc',
      'x.swap',
    ]) {
      expect({ name, skipped: isSkippedFile(name, blacklist) }).toEqual({ name, skipped: true });
    }
    for (const name of ['survey.gpkg', 'photo.jpg', 'DS_Store.txt']) {
      expect({ name, skipped: isSkippedFile(name, blacklist) }).toEqual({ name, skipped: false });
    }
  });
});
