/** Little-endian ISO WKB of a geometry type with raw coordinates (counts first, then the coordinates). */
export function wkb(type: number, body: number[], counts: number[] = []): Buffer {
  const out = Buffer.alloc(5 + counts.length * 4 + body.length * 8);
  out.writeUInt8(1, 0);
  out.writeUInt32LE(type, 1);
  let offset = 5;
  for (const count of counts) offset = out.writeUInt32LE(count, offset);
  for (const value of body) offset = out.writeDoubleLE(value, offset);
  return out;
}

/** A GeoPackage blob: header (optionally with an XY envelope, big-endian when asked) and WKB. */
export function gpkg(
  geometry: Buffer,
  options: { envelope?: number[]; isEmpty?: boolean; bigEndian?: boolean; srsId?: number } = {},
): Buffer {
  const envelope = options.envelope ?? [];
  const header = Buffer.alloc(8 + envelope.length * 8);
  header.write('GP', 0, 'latin1');
  const flags = (options.bigEndian ? 0 : 1) | (envelope.length === 4 ? 2 : 0) | (options.isEmpty ? 0x10 : 0);
  header.writeUInt8(flags, 3);
  if (options.bigEndian) header.writeInt32BE(options.srsId ?? 4326, 4);
  else header.writeInt32LE(options.srsId ?? 4326, 4);
  envelope.forEach((value, i) =>
    options.bigEndian ? header.writeDoubleBE(value, 8 + i * 8) : header.writeDoubleLE(value, 8 + i * 8),
  );
  return Buffer.concat([header, geometry]);
}
