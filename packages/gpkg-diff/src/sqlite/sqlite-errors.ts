import Database from 'better-sqlite3';
import { GpkgDiffError, InvalidDatabaseError } from '../errors.ts';

/** Runs `work`, turning SQLite's errors (which here come from the input files) into this package's errors. */
export function wrapSqliteError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof Database.SqliteError)) throw error;
    if (error.code.startsWith('SQLITE_CORRUPT') || error.code === 'SQLITE_NOTADB') {
      throw new InvalidDatabaseError('A database file is damaged', { cause: error });
    }
    throw new GpkgDiffError(`SQLite error: ${error.message}`, { cause: error });
  }
}
