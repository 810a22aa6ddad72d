/** Approximate days or hours, as the reference server words the wait before a deleted name is free. */
export function formatTimeDelta(ms: number): string {
  const days = Math.round(ms / (24 * 3600 * 1000));
  if (days > 1) return `${days} days`;
  if (ms >= 24 * 3600 * 1000) return '1 day';
  const hours = ms / (3600 * 1000);
  if (hours > 1) return `${Math.ceil(hours)} hours`;
  if (hours > 0) return '1 hour';
  return 'N/A';
}
