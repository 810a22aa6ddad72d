import { describe, expect, it } from 'vitest';
import { formatSizeInMegabytes, formatVersionNumber } from './projectListFormat.ts';

describe('formatVersionNumber', () => {
  it('drops the leading v', () => {
    expect(formatVersionNumber('v3')).toBe('3');
    expect(formatVersionNumber('v120')).toBe('120');
    expect(formatVersionNumber('v0')).toBe('0');
  });
});

describe('formatSizeInMegabytes', () => {
  it('shows binary megabytes with one decimal', () => {
    expect(formatSizeInMegabytes(0)).toBe('0.0 MB');
    expect(formatSizeInMegabytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatSizeInMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatSizeInMegabytes(30_000)).toBe('0.0 MB');
    expect(formatSizeInMegabytes(60_000)).toBe('0.1 MB');
    expect(formatSizeInMegabytes(5 * 1024 * 1024 * 1024)).toBe('5120.0 MB');
  });

  it('reads nonsense as zero', () => {
    expect(formatSizeInMegabytes(Number.NaN)).toBe('0.0 MB');
    expect(formatSizeInMegabytes(-5)).toBe('0.0 MB');
  });
});
