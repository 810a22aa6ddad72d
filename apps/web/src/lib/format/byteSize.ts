const UNITS = ['B', 'kB', 'MB', 'GB'] as const;
const STEP = 1024;

/**
 * SPEC §9 file sizes: GB, MB, kB or B with 2 decimals (binary steps, as the original client did).
 * Whole bytes need no decimals, so they are shown as an integer.
 */
export function formatByteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unitIndex = 0;
  let value = bytes;
  while (value >= STEP && unitIndex < UNITS.length - 1) {
    value /= STEP;
    unitIndex += 1;
  }
  const unit = UNITS[unitIndex] ?? 'B';
  return unitIndex === 0 ? `${Math.round(value)} ${unit}` : `${value.toFixed(2)} ${unit}`;
}
