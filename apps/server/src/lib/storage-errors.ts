/** Errors of the file system that mean the server cannot write its data: full, read-only, or not permitted. */
const STORAGE_WRITE_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);

/**
 * Whether an error (or one it was caused by) is a refused write of the storage, which answers 507 Insufficient
 * Storage instead of a generic 500. Nothing is committed in such a case: the writes come before any commit.
 */
export function isStorageWriteFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && STORAGE_WRITE_CODES.has(code)) return true;
    current = cause;
  }
  return false;
}
