import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import { optionalString } from './values.ts';

/** Where the server keeps its data: the data folder, the database (PGlite in it, or PostgreSQL), the secret. */

/** The environment variables of the data folder, the database and the secret. */
export const dataEnv = z.object({
  DATA_DIR: z.string().default('./data'),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a size such as 16MB (kB, MB or GB)')
    .default('16MB'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SECRET_KEY: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

export type DataSettings = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's `shared_buffers` of the embedded database (unused with DATABASE_URL). */
  pgliteSharedBuffers: string;
  secretKey: string;
};

/**
 * Reads the secret from the environment, else from (or into) the data folder, so restarts keep sessions. A new
 * secret is written to a temporary file and linked into place: of several processes starting at once on a new
 * shared data folder, one creates it and the others read that one (never each its own).
 */
function resolveSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, 'secret.key');
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = read();
    if (!theirs)
      throw new ConfigError(`Invalid configuration:\n  ${file} is empty: delete it or set SECRET_KEY`);
    return theirs;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** The data settings, DATA_DIR from `cwd`; without SECRET_KEY, the secret read from (or made in) the data folder. */
export function dataSettings(e: z.infer<typeof dataEnv>, cwd: string): DataSettings {
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    secretKey: resolveSecret(e.SECRET_KEY, dataDir),
  };
}
