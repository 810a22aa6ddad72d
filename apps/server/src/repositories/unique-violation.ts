/** SQLSTATE of a unique constraint (or unique index) violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when the error, or one it wraps, is PostgreSQL's unique violation. Drizzle wraps driver errors in
 * `cause`; node-postgres and PGlite both put the SQLSTATE in `code`, so the chain is walked to the end.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
