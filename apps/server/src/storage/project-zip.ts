import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { VersionFile } from '../repositories/project.repository.ts';
import { type BlobStore, wholeFile } from './blob-store.ts';
import { useNativeZipCrc32 } from './zip-crc32.ts';

useNativeZipCrc32();

/** Bytes of one central directory record besides its name: fixed part, timestamp field, ZIP64 field. */
const CENTRAL_RECORD_MAX = 46 + 9 + 28;

/**
 * Streams a zip of the files, read from the blob store one after another: memory stays flat. Entries are
 * stored, not deflated, so the archive's size is known up front (a Content-Length lets browsers show
 * progress) and large GeoPackages and photos stream without CPU cost.
 */
export function zipProjectFiles(files: VersionFile[], blobs: BlobStore): { stream: Readable; size: number } {
  const zip = new yazl.ZipFile();
  // yazl types it loosely; at run time it is a PassThrough.
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  for (const file of files) {
    // Opened only when yazl reaches the entry: one file open at a time, however many the project holds.
    const source = Readable.from(
      (async function* () {
        yield* blobs.get(file.blobSha256, wholeFile(file.size)) as AsyncIterable<Buffer>;
      })(),
      { objectMode: false },
    );
    source.on('error', (error) => output.destroy(error));
    zip.addReadStream(source, file.path, { mtime: file.mtime, size: file.size, compress: false });
  }
  let size = -1;
  // yazl's size estimate switches to the ZIP64 end record once the central directory reaches 64 KiB, but its
  // writer only does so at 4 GiB: the announced length would be 76 bytes too long and the download cut short.
  // Forcing the ZIP64 end record wherever the directory might be that large keeps both in step.
  const directoryBound = files.reduce(
    (sum, file) => sum + CENTRAL_RECORD_MAX + Buffer.byteLength(file.path),
    0,
  );
  // With every entry stored and sized, yazl computes the total at once, inside end().
  zip.end({ forceZip64Format: directoryBound >= 0xffff, comment: '' }, ((total: number) => {
    size = total;
  }) as () => void);
  return { stream: output, size };
}
