import { describe, expect, it } from 'vitest';
import { isPreviewableSize, looksBinary, previewKindOf, textPreviewOf } from './filePreview.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('previewKindOf', () => {
  it('previews images and texts by their content type', () => {
    expect(previewKindOf('image/png', 'a.bin')).toBe('image');
    expect(previewKindOf('text/plain; charset=utf-8', 'a.bin')).toBe('text');
    expect(previewKindOf('application/json', 'a')).toBe('text');
    expect(previewKindOf('application/vnd.geo+json', 'a')).toBe('text');
    expect(previewKindOf('application/geopackage+sqlite3', 'survey.gpkg')).toBe('none');
    expect(previewKindOf('application/zip', 'notes.txt')).toBe('none');
    // Images the browser cannot draw, and SVG that the server sends as bytes, are not previewed.
    expect(previewKindOf('image/tiff', 'scan.tif')).toBe('none');
    expect(previewKindOf('application/octet-stream', 'logo.svg')).toBe('none');
  });

  it('falls back to the extension when the server only says octet-stream', () => {
    expect(previewKindOf('application/octet-stream', 'photos/A.JPG')).toBe('image');
    expect(previewKindOf('', 'notes/readme.md')).toBe('text');
    expect(previewKindOf('application/octet-stream', 'project.qgs')).toBe('text');
    expect(previewKindOf('application/octet-stream', 'survey.gpkg')).toBe('none');
    expect(previewKindOf('application/octet-stream', '.txt')).toBe('none');
  });
});

describe('textPreviewOf', () => {
  it('shows a short file whole', () => {
    expect(textPreviewOf(encode('a\nb\n'), 4)).toEqual({ text: 'a\nb\n', isTruncated: false });
  });

  it('keeps the first 50 lines', () => {
    const lines = Array.from({ length: 80 }, (_, index) => `line ${index + 1}`);
    const text = lines.join('\n');
    const preview = textPreviewOf(encode(text), text.length);
    expect(preview.text.split('\n')).toEqual(lines.slice(0, 50));
    expect(preview.isTruncated).toBe(true);
  });

  it('keeps at most 10000 characters', () => {
    const text = 'x'.repeat(12_000);
    const preview = textPreviewOf(encode(text), text.length);
    expect(preview.text).toHaveLength(10_000);
    expect(preview.isTruncated).toBe(true);
  });

  it('drops a character cut in half at the end of a partial read', () => {
    const bytes = encode('été');
    // 'é' is two bytes: the read stops inside the last one.
    const preview = textPreviewOf(bytes.subarray(0, bytes.length - 1), 100);
    expect(preview).toEqual({ text: 'ét', isTruncated: true });
  });
});

describe('limits', () => {
  it('previews files under 100 MiB only', () => {
    expect(isPreviewableSize(104_857_599)).toBe(true);
    expect(isPreviewableSize(104_857_600)).toBe(false);
  });

  it('recognises binary content by its NUL bytes', () => {
    expect(looksBinary(new Uint8Array([0x53, 0x51, 0x4c, 0x00]))).toBe(true);
    expect(looksBinary(encode('plain text'))).toBe(false);
  });
});
