import { describe, expect, it } from 'vitest';
import { tFiles } from './files.ts';
import { locale } from './i18n.ts';
import { FALLBACK_LANGUAGE, pickLanguage } from './language.ts';
import { tMap } from './map.ts';

describe('pickLanguage', () => {
  it('takes the first preferred language with a catalogue, by tag, then by language', () => {
    expect(pickLanguage(['de-AT', 'en-GB'], ['en-GB', 'de'])).toBe('de');
    expect(pickLanguage(['fr', 'en-US'], ['en-GB', 'de'])).toBe('en-GB');
    expect(pickLanguage(['pt-br'], ['en-GB', 'pt-BR'])).toBe('pt-BR');
  });

  it('falls back to British English', () => {
    expect(pickLanguage(['ja'], ['en-GB'])).toBe(FALLBACK_LANGUAGE);
    expect(pickLanguage([], ['en-GB'])).toBe(FALLBACK_LANGUAGE);
  });
});

describe('the catalogue', () => {
  it('is British English here, whatever the browser asks for', () => {
    expect(locale()).toBe('en-GB');
  });

  it('picks plural forms by Intl.PluralRules and formats numbers in its language', () => {
    expect(tFiles('files.folderFiles', { count: 1 })).toBe('1 file');
    expect(tFiles('files.folderFiles', { count: 0 })).toBe('0 files');
    expect(tFiles('upload.moreFiles', { count: 2 })).toBe('and 2 more files');
    expect(tMap('layers.featureCount', { count: 12345 })).toBe('12,345 features');
    expect(tMap('layers.featureCount', { count: 1 })).toBe('1 feature');
  });

  it('fills in values as they are (React escapes what it renders)', () => {
    expect(tFiles('fileDetail.downloadFile', { name: 'a & <b>.gpkg' })).toBe('Download a & <b>.gpkg');
  });
});
