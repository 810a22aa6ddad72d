import yauzl from 'yauzl';

/** Unzips a body and returns each entry's name and bytes. */
export function unzip(body: Buffer): Promise<Record<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: Record<string, Buffer> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries[entry.fileName] = Buffer.concat(chunks);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** Unzips a body and returns each entry's name and text. */
export async function unzipText(body: Buffer): Promise<Record<string, string>> {
  const entries = await unzip(body);
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, bytes.toString('utf8')]));
}
