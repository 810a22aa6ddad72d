export type ByteRange = { start: number; end: number };

/**
 * The one byte range of a `Range` header (RFC 9110 §14), inclusive: `bytes=a-b`, `bytes=a-`, `bytes=-n`.
 * Returns undefined to answer the whole body (no header, another unit, several ranges, a malformed value) and
 * 'unsatisfiable' for a range entirely beyond the end (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
}
