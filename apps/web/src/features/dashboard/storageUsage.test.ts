import { describe, expect, it } from 'vitest';
import { getStorageUsagePercent, isStorageAlmostFull } from './storageUsage.ts';

describe('getStorageUsagePercent', () => {
  it('floors the used share of the quota', () => {
    expect(getStorageUsagePercent(0, 1000)).toBe(0);
    expect(getStorageUsagePercent(505, 1000)).toBe(50);
    expect(getStorageUsagePercent(919, 1000)).toBe(91);
    expect(getStorageUsagePercent(999, 1000)).toBe(99);
    expect(getStorageUsagePercent(1000, 1000)).toBe(100);
  });

  it('is 0 when the usage exceeds the quota (SPEC §9, literally)', () => {
    expect(getStorageUsagePercent(1001, 1000)).toBe(0);
    expect(getStorageUsagePercent(5000, 1000)).toBe(0);
  });

  it('is 0 without a quota', () => {
    expect(getStorageUsagePercent(10, 0)).toBe(0);
  });
});

describe('isStorageAlmostFull', () => {
  it('warns above 90 percent only', () => {
    expect(isStorageAlmostFull(90)).toBe(false);
    expect(isStorageAlmostFull(91)).toBe(true);
    expect(isStorageAlmostFull(100)).toBe(true);
    expect(isStorageAlmostFull(getStorageUsagePercent(909, 1000))).toBe(false);
    expect(isStorageAlmostFull(getStorageUsagePercent(910, 1000))).toBe(true);
    expect(isStorageAlmostFull(getStorageUsagePercent(1200, 1000))).toBe(false);
  });
});
