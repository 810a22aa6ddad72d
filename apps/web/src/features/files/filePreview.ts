import {
  FILE_PREVIEW_MAX_SIZE,
  TEXT_PREVIEW_MAX_CHARS,
  TEXT_PREVIEW_MAX_LINES,
} from '../../lib/constants.ts';

export type PreviewKind = 'image' | 'text' | 'none';

const TEXT_TYPES = /^(text\/|application\/(json|xml|geo\+json|x-yaml|yaml|javascript|sql)\b)|\+(json|xml)\b/i;
/** Images every browser draws in an <img> (TIFF and HEIC are images too, but not for Chromium). */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp|avif)\b/i;
/** Types that say nothing about the content: then the file's extension decides. */
const UNKNOWN_TYPES = /^(application\/octet-stream|binary\/octet-stream)?\s*(;|$)/i;

const TEXT_EXTENSIONS = new Set([
  'txt',
  'csv',
  'tsv',
  'json',
  'geojson',
  'xml',
  'qgs',
  'qml',
  'sld',
  'md',
  'log',
  'yaml',
  'yml',
  'ini',
  'cfg',
  'prj',
  'wkt',
  'sql',
]);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'avif']);

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when the file is small enough to be previewed at all (SPEC §9: under 100 MiB). */
export function isPreviewableSize(size: number): boolean {
  return size < FILE_PREVIEW_MAX_SIZE;
}

/**
 * How a file is previewed (SPEC §2: images and text), from the Content-Type the server gave its content,
 * or from the extension when the server only says "octet-stream". A GeoPackage gets no preview.
 */
export function previewKindOf(contentType: string, path: string): PreviewKind {
  if (IMAGE_TYPES.test(contentType)) return 'image';
  if (TEXT_TYPES.test(contentType)) return 'text';
  if (!UNKNOWN_TYPES.test(contentType.trim())) return 'none';
  const extension = extensionOf(path);
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (TEXT_EXTENSIONS.has(extension)) return 'text';
  return 'none';
}

export interface TextPreview {
  text: string;
  /** Something of the file is left out: more lines, more characters or more bytes than were read. */
  isTruncated: boolean;
}

/**
 * The text preview of SPEC §9: the first 50 lines, at most 10 000 characters, of the bytes read from the
 * start of a file of `size` bytes. A character cut in half at the end of the bytes read is dropped.
 */
export function textPreviewOf(bytes: Uint8Array, size: number): TextPreview {
  const isPartial = bytes.length < size;
  let text = new TextDecoder('utf-8').decode(bytes);
  if (isPartial) text = text.replace(/\uFFFD+$/, '');
  const lines = text.split('\n');
  let preview = lines.slice(0, TEXT_PREVIEW_MAX_LINES).join('\n');
  const hasMoreLines = lines.length > TEXT_PREVIEW_MAX_LINES;
  const hasMoreCharacters = preview.length > TEXT_PREVIEW_MAX_CHARS;
  if (hasMoreCharacters) preview = preview.slice(0, TEXT_PREVIEW_MAX_CHARS);
  return { text: preview, isTruncated: isPartial || hasMoreLines || hasMoreCharacters };
}

/** True when the bytes hold a NUL, the mark of a binary file whatever its name says. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}
