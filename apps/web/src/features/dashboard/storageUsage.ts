import { STORAGE_WARNING_PERCENT } from '@waymark/contract';

/**
 * SPEC §9: floor(disk_usage / storage * 100), and 0 when disk_usage exceeds storage. The 0 is the
 * spec's literal rule (the original client behaved so), kept as given even though an over-quota
 * workspace then gets no warning. A workspace without a quota (storage 0) reads as 0 too.
 */
export function getStorageUsagePercent(diskUsage: number, storage: number): number {
  if (!(storage > 0) || !(diskUsage > 0) || diskUsage > storage) return 0;
  return Math.floor((diskUsage / storage) * 100);
}

/** SPEC §4: the storage banner shows above 90 percent. */
export function isStorageAlmostFull(percent: number): boolean {
  return percent > STORAGE_WARNING_PERCENT;
}
