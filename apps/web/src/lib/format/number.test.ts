import { describe, expect, it } from 'vitest';
import { formatNumber } from './number.ts';

describe('formatNumber', () => {
  it("groups digits as the catalogue's language does", () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12345)).toBe('12,345');
  });
});
