const BYTES_PER_MEGABYTE = 1024 * 1024;

/** SPEC §2: versions are shown without their first character ('v3' → '3'). */
export function formatVersionNumber(version: string): string {
  return version.substring(1);
}

/**
 * SPEC §2: a project's size is its disk_usage in MB with one decimal. Binary megabytes, like the
 * other size formats of the app, so the same file reads the same everywhere.
 */
export function formatSizeInMegabytes(bytes: number): string {
  const megabytes = Number.isFinite(bytes) && bytes > 0 ? bytes / BYTES_PER_MEGABYTE : 0;
  return `${megabytes.toFixed(1)} MB`;
}
