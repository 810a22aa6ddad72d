import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { useNativeZipCrc32 } from './zip-crc32.ts';

/** CRC-32 (IEEE) the slow textbook way, independent of zlib and of buffer-crc32. */
function referenceCrc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The CRC-32 each entry of a zip declares, by name. */
function declaredCrcs(zip: Buffer): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const crcs: Record<string, number> = {};
      file.on('entry', (entry: yauzl.Entry) => {
        crcs[entry.fileName] = entry.crc32;
        file.readEntry();
      });
      file.on('end', () => resolve(crcs));
      file.readEntry();
    });
  });
}

describe('zip CRC-32', () => {
  it('points yazl at zlib.crc32 and every entry still declares the right CRC, over many pieces', async () => {
    expect(useNativeZipCrc32()).toBe(true);
    expect(useNativeZipCrc32()).toBe(true);
    const big = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i += 1) big[i] = (i * 2654435761) >>> 24;
    const zip = new yazl.ZipFile();
    // Uneven pieces, so the CRC is chained across calls with a running value above 2^31 at some point.
    const pieces = (data: Buffer) =>
      Readable.from(
        (function* () {
          for (let at = 0; at < data.length; at += 65_537) yield data.subarray(at, at + 65_537);
        })(),
      );
    zip.addReadStream(pieces(big), 'big.bin', { size: big.length, compress: false });
    zip.addReadStream(pieces(Buffer.from('hello')), 'small.txt', { size: 5, compress: false });
    zip.addReadStream(pieces(Buffer.alloc(0)), 'empty', { size: 0, compress: false });
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(await declaredCrcs(Buffer.concat(chunks))).toEqual({
      'big.bin': referenceCrc32(big),
      'small.txt': 0x3610a686,
      empty: 0,
    });
  });
});
