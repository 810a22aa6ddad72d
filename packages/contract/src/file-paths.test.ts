import { describe, expect, it } from 'vitest';
import {
  filePathProblem,
  hasInvisibleCharacter,
  hasTrailingSpace,
  isBlacklistedPath,
  isVersionedFile,
} from './file-paths.ts';

describe('filePathProblem', () => {
  it.each([
    ['image.png', null],
    ['images/image.png', null],
    ['med..ia/pho.tos/ima...ge.png', null],
    ['assets/photos/CONfile.png', null],
    ['README', null],
    ['/home/user/survey.gpkg', 'invalid'],
    ['C:\\Documents\\Summer2018.pdf', 'invalid'],
    ['C:/Documents/Summer2018.pdf', 'invalid'],
    ['\\Desktop\\Summer2019.pdf', 'invalid'],
    ['../image.png', 'invalid'],
    ['./image.png', 'invalid'],
    ['med/../ia/image.png', 'invalid'],
    ['a//b.png', 'invalid'],
    ['a/b/', 'invalid'],
    ['assets/photos/im?age.png', 'invalid'],
    ['assets/photos/CON.png', 'invalid'],
    ['CON/x.txt', 'invalid'],
    ['data/aux/notes.txt', 'invalid'],
    ['Lpt1.d/x.txt', 'invalid'],
    ['nul.txt', 'invalid'],
    ['clock$', 'invalid'],
    ['console/x.txt', null],
    ['auxiliary/nul-data.txt', null],
    ['nul\u0000.txt', 'invalid'],
    [`${'a'.repeat(256)}.txt`, 'invalid'],
    [`${'abc/'.repeat(300)}x.txt`, 'invalid'],
    ['tools/run.exe', 'forbidden-type'],
    ['script.JS', 'forbidden-type'],
  ])('%j → %s', (path, problem) => {
    expect(filePathProblem(path)).toBe(problem);
  });
});

describe('other path rules', () => {
  it('finds bidirectional controls and zero-width characters', () => {
    expect(hasInvisibleCharacter('photo\u202egpj.exe')).toBe(true);
    expect(hasInvisibleCharacter('a\u200bb.txt')).toBe(true);
    expect(hasInvisibleCharacter('dir\u2066/x.txt')).toBe(true);
    expect(hasInvisibleCharacter('\ufeffx.txt')).toBe(true);
    expect(hasInvisibleCharacter('می\u200cخواهم.txt')).toBe(false);
    expect(hasInvisibleCharacter('ü/会社.txt')).toBe(false);
  });
  it('finds trailing spaces in any part', () => {
    expect(hasTrailingSpace('photos /a.jpg')).toBe(true);
    expect(hasTrailingSpace('photo s/ a.jpg')).toBe(false);
  });
  it('matches the blacklist as the reference does', () => {
    expect(isBlacklistedPath('.mergin/mergin.json')).toBe(true);
    expect(isBlacklistedPath('data/.mergin/x')).toBe(true);
    expect(isBlacklistedPath('photos/.DS_Store')).toBe(true);
    expect(isBlacklistedPath('.directory')).toBe(true);
    expect(isBlacklistedPath('mergin/x.txt')).toBe(false);
  });
  it('knows versioned files', () => {
    expect(isVersionedFile('a/b.GPKG')).toBe(true);
    expect(isVersionedFile('x.sqlite')).toBe(true);
    expect(isVersionedFile('x.gpkg-wal')).toBe(false);
  });
});
