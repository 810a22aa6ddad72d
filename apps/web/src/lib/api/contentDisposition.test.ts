import { describe, expect, it } from 'vitest';
import { readAttachmentFileName } from './contentDisposition.ts';

describe('readAttachmentFileName', () => {
  it('prefers the UTF-8 filename* over the ASCII fallback', () => {
    expect(
      readAttachmentFileName(`attachment; filename="m_nchen-v3.zip"; filename*=UTF-8''m%C3%BCnchen-v3.zip`),
    ).toBe('münchen-v3.zip');
  });

  it('reads a quoted or bare filename', () => {
    expect(readAttachmentFileName('attachment; filename="survey-v0.zip"')).toBe('survey-v0.zip');
    expect(readAttachmentFileName('attachment; filename="a \\"b\\".zip"')).toBe('a "b".zip');
    expect(readAttachmentFileName('attachment; filename=survey.zip')).toBe('survey.zip');
  });

  it('falls back to the plain filename when filename* cannot be read', () => {
    expect(readAttachmentFileName(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.zip"`)).toBe(
      'plain.zip',
    );
    expect(readAttachmentFileName(`attachment; filename*=koi8-r''x.zip; filename="plain.zip"`)).toBe(
      'plain.zip',
    );
  });

  it('keeps only the last path segment and gives nothing without a name', () => {
    expect(readAttachmentFileName('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(readAttachmentFileName('attachment; filename="dir\\\\evil.zip"')).toBe('evil.zip');
    expect(readAttachmentFileName('attachment')).toBeUndefined();
    expect(readAttachmentFileName('attachment; filename=""')).toBeUndefined();
    expect(readAttachmentFileName(undefined)).toBeUndefined();
  });
});
