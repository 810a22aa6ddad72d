import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const ID = /^[0-9a-f-]{36}$/;
const FINAL = /^([0-9a-f-]{36})\.zip$/;
const PARTIAL = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.partial$/;

/**
 * The prepared zips of `POST /app/projects/{id}/download`: `DATA_DIR/archives/<archive id>.zip`, written by a run
 * as `<archive id>.<run id>.partial` and renamed when complete, so a reader never sees half a zip and two runs
 * never write one file.
 */
export function createArchiveFiles(dir: string) {
  const finalPath = (id: string) => {
    if (!ID.test(id)) throw new Error(`not an archive id: ${id}`);
    return path.join(dir, `${id}.zip`);
  };

  return {
    /**
     * Streams `source` to the archive's file; `onBytes` hears the bytes written so far (at most every
     * `everyMs`) and may stop the write by answering false. Answers the zip's size.
     */
    async write(
      id: string,
      run: string,
      source: Readable,
      onBytes: (written: number) => Promise<boolean>,
      everyMs = 1000,
    ): Promise<number> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const partial = path.join(dir, `${id}.${run}.partial`);
      let written = 0;
      let reportedAt = Date.now();
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          if (Date.now() - reportedAt < everyMs) return done(null, chunk);
          reportedAt = Date.now();
          onBytes(written).then(
            (goOn) => done(goOn ? null : new Error('archive taken over by another run'), chunk),
            (error: Error) => done(error),
          );
        },
      });
      try {
        await pipeline(source, counter, createWriteStream(partial, { mode: 0o600 }));
        const handle = await open(partial, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(partial, finalPath(id));
        return written;
      } finally {
        await rm(partial, { force: true });
      }
    },

    /** The zip's bytes and size, or undefined when it is not there. */
    async open(id: string): Promise<{ size: number; stream: Readable } | undefined> {
      const file = finalPath(id);
      try {
        const info = await stat(file);
        return { size: info.size, stream: createReadStream(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async exists(id: string): Promise<boolean> {
      return stat(finalPath(id)).then(
        () => true,
        () => false,
      );
    },

    async remove(id: string): Promise<void> {
      await rm(finalPath(id), { force: true });
    },

    /**
     * Files of the folder older than `before`: zips by archive id, and partial files (a run that stopped) by
     * name; `keep` tells which archive ids still have a row.
     */
    async removeLeftovers(before: Date, keep: (ids: string[]) => Promise<Set<string>>): Promise<number> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const old: { name: string; id: string; partial: boolean }[] = [];
      for (const name of names) {
        const match = FINAL.exec(name) ?? PARTIAL.exec(name);
        if (!match?.[1]) continue;
        const info = await stat(path.join(dir, name)).catch(() => undefined);
        if (info && info.mtime < before) old.push({ name, id: match[1], partial: name.endsWith('.partial') });
      }
      const kept = await keep(old.filter((file) => !file.partial).map((file) => file.id));
      const gone = old.filter((file) => file.partial || !kept.has(file.id));
      await Promise.all(gone.map((file) => rm(path.join(dir, file.name), { force: true })));
      return gone.length;
    },
  };
}

export type ArchiveFiles = ReturnType<typeof createArchiveFiles>;
