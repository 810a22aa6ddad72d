import { closeSync, copyFileSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { InvalidDatabaseError } from '../errors.ts';

// better-sqlite3 reads SQLITE_USE_URI once per process, when its addon loads (at the first `new Database`), and
// only from the real environment: a worker thread's process.env never reaches it. So set it here, on the main
// thread, before any database is opened; hosts running us in a worker set it (or import this package) first.
if (isMainThread && process.env.SQLITE_USE_URI === undefined) process.env.SQLITE_USE_URI = '1';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** What a check of a file's first bytes tells. */
interface FileFacts {
  /** The header asks for WAL mode: a plain read-only open would create -wal and -shm files beside it. */
  isWal: boolean;
}

/** A read-only connection and how to close it (and remove any temporary copy it needed). */
export interface ReadOnlyConnection {
  db: Database.Database;
  close(): void;
}

let canUseUris: boolean | undefined;

/** A `file:` URI of `path` with the query `params` (characters URIs treat specially escaped). */
function fileUri(path: string, params: string): string {
  const escaped = resolve(path).replace(
    /[%?#]/g,
    (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return `file:${escaped}?${params}`;
}

/** Checks that `path` is a readable SQLite database file, from its header (`role` names it in errors). */
export function checkDatabaseFile(path: string, role: string): FileFacts {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw new InvalidDatabaseError(`The ${role} file does not exist`);
  }
  if (!stats.isFile()) throw new InvalidDatabaseError(`The ${role} file is not a file`);
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || !header.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
    throw new InvalidDatabaseError(`The ${role} file is not an SQLite database`);
  }
  return { isWal: header[18] === 2 || header[19] === 2 };
}

function isCantOpen(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code === 'SQLITE_CANTOPEN';
}

/**
 * How to name `path` to SQLite so that reading it never writes beside it: `immutable=1` when URIs are on (no
 * locks, no journal, no -wal/-shm even for WAL-mode files); otherwise the plain path for rollback-journal files
 * (a read-only connection writes nothing), or a temporary copy of a WAL-mode file.
 */
function nameForReading(path: string, role: string, temporary: string[]): string {
  const facts = checkDatabaseFile(path, role);
  if (canUseUris !== false) {
    const uri = fileUri(path, 'immutable=1');
    if (canUseUris) return uri;
    try {
      new Database(uri, { readonly: true, fileMustExist: true }).close();
      canUseUris = true;
      return uri;
    } catch (error) {
      // The file exists and is readable (its header was read): CANTOPEN means the URI was taken as a plain name.
      if (!isCantOpen(error)) throw error;
      canUseUris = false;
    }
  }
  if (!facts.isWal) return resolve(path);
  const folder = mkdtempSync(join(tmpdir(), 'gpkg-diff-'));
  temporary.push(folder);
  const copy = join(folder, 'copy.sqlite');
  copyFileSync(path, copy);
  return copy;
}

/**
 * Opens `mainPath` read-only, attaching `attach.path` as schema `attach.schema` if given, without creating any
 * journal, -wal or -shm file beside either (they may live in a store that must never change).
 */
export function openReadOnly(
  main: { path: string; role: string },
  attach?: { path: string; role: string; schema: string },
): ReadOnlyConnection {
  const temporary: string[] = [];
  const removeTemporary = (): void => {
    for (const folder of temporary) rmSync(folder, { recursive: true, force: true });
  };
  let db: Database.Database | undefined;
  try {
    const mainName = nameForReading(main.path, main.role, temporary);
    db = asDamaged(main.role, () => new Database(mainName, { readonly: true, fileMustExist: true }));
    checkReadable(db, 'main', main.role);
    if (attach) {
      const attachName = nameForReading(attach.path, attach.role, temporary);
      const opened = db;
      asDamaged(attach.role, () =>
        opened.prepare('ATTACH DATABASE ? AS ' + quoteIdentifier(attach.schema)).run(attachName),
      );
      checkReadable(db, attach.schema, attach.role);
    }
  } catch (error) {
    db?.close();
    removeTemporary();
    throw error;
  }
  const opened = db;
  return {
    db: opened,
    close: () => {
      opened.close();
      removeTemporary();
    },
  };
}

/** Runs `work` (opening or attaching the `role` file): SQLite's refusals of the file become InvalidDatabaseError. */
function asDamaged<T>(role: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof Database.SqliteError)) throw error;
    throw new InvalidDatabaseError(`The ${role} file is damaged or not an SQLite database`, { cause: error });
  }
}

/** Reads the schema once so that a damaged file fails here, naming its role. */
function checkReadable(db: Database.Database, schema: string, role: string): void {
  asDamaged(role, () => db.prepare(`SELECT count(*) FROM ${quoteIdentifier(schema)}.sqlite_master`).get());
}

/** An SQL identifier in double quotes. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
