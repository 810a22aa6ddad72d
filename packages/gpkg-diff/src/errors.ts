import type { ChangeOp } from './types.ts';

/**
 * Base of every error this package throws on purpose. `reason` is a short text fit for users (no file paths), e.g.
 * for 'Failed to create new version: <path> error=sync error: <reason>'.
 */
export class GpkgDiffError extends Error {
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown; message?: string }) {
    super(options?.message ?? reason, { cause: options?.cause });
    this.name = new.target.name;
    this.reason = reason;
  }
}

/** The two databases do not have the same tables, or a table's columns (or its CRS) differ. */
export class SchemaChangeError extends GpkgDiffError {}

/** A change of the changeset does not fit the database: a row to update or delete is missing or differs, an
 * inserted row collides, or a constraint fails. Nothing was written. */
export class ConflictError extends GpkgDiffError {
  readonly table: string;
  readonly op: ChangeOp | undefined;

  constructor(reason: string, table: string, op?: ChangeOp) {
    super(reason);
    this.table = table;
    this.op = op;
  }
}

/** A file is not a changeset in the SQLite session format (garbage, truncated, a patchset). */
export class ChangesetFormatError extends GpkgDiffError {}

/** A database file is missing, unreadable or not an SQLite database. */
export class InvalidDatabaseError extends GpkgDiffError {}

/** Two changesets cannot be rebased one on the other (a table without a single-column primary key, text keys
 * inserted on both sides). */
export class RebaseError extends GpkgDiffError {}
