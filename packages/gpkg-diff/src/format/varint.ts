/**
 * SQLite varints (as in its record format and in session changesets): big-endian groups of 7 bits, the high bit
 * set on every byte but the last; a ninth byte carries 8 bits. The changeset only uses them for column counts and
 * text/blob lengths, so values up to 2^31 - 1 are enough here.
 */

/** The largest length a changeset field may have (SQLite's own limit on a value is lower still). */
export const MAX_VARINT_VALUE = 0x7fffffff;

/** Bytes of `value` as an SQLite varint. */
export function encodeVarint(value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > MAX_VARINT_VALUE) {
    throw new RangeError(`Varint out of range: ${value}`);
  }
  if (value < 0x80) return [value];
  const groups: number[] = [];
  let rest = value;
  while (rest > 0) {
    groups.push(rest & 0x7f);
    rest = Math.floor(rest / 128);
  }
  groups.reverse();
  return groups.map((group, i) => (i < groups.length - 1 ? group | 0x80 : group));
}

/** Bytes a varint of `value` takes. */
export function varintLength(value: number): number {
  let length = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 128)) length++;
  return length;
}
