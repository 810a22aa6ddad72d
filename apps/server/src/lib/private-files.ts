import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Permission bits of the group and of others: none of them on anything in the data folder. */
const SHARED_BITS = 0o077;

/**
 * Makes every file and folder this process creates from now on private to its user (folders 0700, files 0600 at
 * most): call first thing at start, before anything creates a file. Only the main thread may change the umask.
 */
export function keepNewFilesPrivate(): void {
  process.umask(SHARED_BITS);
}

/** Another user's file (e.g. a mount point owned by root) cannot be changed: the caller is told, not stopped. */
function chmodOwn(file: string, mode: number, refused: string[]): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    refused.push(file);
  }
}

/** Makes one entry private; true when it is a folder to descend into. */
function makeEntryPrivate(file: string, refused: string[]): boolean {
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return false;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodOwn(file, 0o700, refused);
    return true;
  }
  if ((stat.mode & SHARED_BITS) !== 0) chmodOwn(file, 0o600, refused);
  return false;
}

/**
 * Takes group and other permissions away from a folder and what it holds (folders 0700, files 0600): `depth` 0
 * the folder alone, 1 with its entries, `Infinity` the whole tree. For what an earlier version or a library
 * created with wider modes (PGlite writes its initial database files 0666 whatever the umask). Symbolic links
 * are left alone. Returns what could not be changed (not owned by this user).
 */
export function makePrivate(dir: string, depth = Infinity, refused: string[] = []): string[] {
  if (!makeEntryPrivate(dir, refused) || depth <= 0) return refused;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (depth > 1) makePrivate(file, depth - 1, refused);
    else makeEntryPrivate(file, refused);
  }
  return refused;
}
