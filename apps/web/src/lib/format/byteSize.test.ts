import { describe, expect, it } from 'vitest';
import { formatByteSize } from './byteSize.ts';

describe('formatByteSize', () => {
  it('shows bytes as a whole number', () => {
    expect(formatByteSize(0)).toBe('0 B');
    expect(formatByteSize(512)).toBe('512 B');
  });

  it('steps up by 1024 with two decimals', () => {
    expect(formatByteSize(1536)).toBe('1.50 kB');
    expect(formatByteSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatByteSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
  });

  it('stays in GB for very large sizes and reads bad input as zero', () => {
    expect(formatByteSize(2048 * 1024 ** 3)).toBe('2048.00 GB');
    expect(formatByteSize(Number.NaN)).toBe('0 B');
  });
});
