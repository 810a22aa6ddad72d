import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A kept diagnostic log, as its folder lists it. */
export type DiagnosticLogFile = { name: string; size: number; createdAt: Date };

/** The logs kept at most: the oldest go when a new one passes the count. */
export const DIAGNOSTIC_LOGS_KEPT = 200;

/** File names are ours alone: `<time>_<user>_<app>.log` of safe characters, so a name is never a path. */
const SAFE_NAME = /^[\w.@+-]{1,255}$/;
const safePart = (text: string) => text.replace(/[^\w.@+-]/g, '_').slice(0, 80) || '_';

/**
 * The diagnostic logs the mobile app and the QGIS plugin send (POST /v2/diagnostic-logs), as files of
 * `DATA_DIR/diagnostic-logs/`, named as the reference names them (user, app, time), newest kept.
 */
export function createDiagnosticLogStore(dir: string) {
  async function list(): Promise<DiagnosticLogFile[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files = await Promise.all(
      names
        .filter((name) => SAFE_NAME.test(name) && name.endsWith('.log'))
        .map(async (name) => {
          const info = await stat(path.join(dir, name));
          return { name, size: info.size, createdAt: info.mtime };
        }),
    );
    return files.sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name),
    );
  }

  return {
    list,

    /** Writes the log and drops the oldest beyond {@link DIAGNOSTIC_LOGS_KEPT}; answers its name. */
    async save(input: { username: string; app: string; body: Buffer; now?: Date }): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const time = (input.now ?? new Date()).toISOString().replace(/:/g, '-');
      const name = `${time}_${safePart(input.username)}_${safePart(input.app)}.log`;
      await writeFile(path.join(dir, name), input.body, { mode: 0o600 });
      const kept = await list();
      await Promise.all(
        kept.slice(DIAGNOSTIC_LOGS_KEPT).map((file) => rm(path.join(dir, file.name), { force: true })),
      );
      return name;
    },

    /** The log's bytes and size, or undefined when there is no such log. */
    async open(name: string): Promise<{ size: number; stream: Readable } | undefined> {
      if (!SAFE_NAME.test(name) || !name.endsWith('.log')) return undefined;
      const file = path.join(dir, name);
      try {
        const info = await stat(file);
        return { size: info.size, stream: createReadStream(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

export type DiagnosticLogStore = ReturnType<typeof createDiagnosticLogStore>;
