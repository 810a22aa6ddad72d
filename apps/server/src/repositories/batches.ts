/**
 * Rows per multi-row INSERT. One statement carries at most 65,535 parameters (PostgreSQL's wire protocol, PGlite
 * too), so many rows are written in several statements of this size rather than failing in one.
 */
export const ROWS_PER_INSERT = 1_000;

/** The rows in slices of at most ROWS_PER_INSERT, for one multi-row INSERT each. */
export function* batches<T>(rows: readonly T[], size = ROWS_PER_INSERT): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
