import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRemainingTime, formatTimeAgo } from './timeAgo.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const before = (milliseconds: number) => new Date(NOW - milliseconds);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  it('uses minutes, hours and days', () => {
    expect(formatTimeAgo(before(30_000), NOW)).toBe('just now');
    expect(formatTimeAgo(before(MINUTE), NOW)).toBe('1 minute ago');
    expect(formatTimeAgo(before(59 * MINUTE), NOW)).toBe('59 minutes ago');
    expect(formatTimeAgo(before(2 * HOUR + 5 * MINUTE), NOW)).toBe('2 hours ago');
    expect(formatTimeAgo(before(DAY), NOW)).toBe('1 day ago');
    expect(formatTimeAgo(before(6 * DAY + 23 * HOUR), NOW)).toBe('6 days ago');
  });

  it('switches to weeks over 6 days, then months and years', () => {
    expect(formatTimeAgo(before(7 * DAY), NOW)).toBe('1 week ago');
    expect(formatTimeAgo(before(29 * DAY), NOW)).toBe('4 weeks ago');
    expect(formatTimeAgo(before(30 * DAY), NOW)).toBe('1 month ago');
    expect(formatTimeAgo(before(200 * DAY), NOW)).toBe('6 months ago');
    expect(formatTimeAgo(before(365 * DAY), NOW)).toBe('1 year ago');
    expect(formatTimeAgo(before(800 * DAY), NOW)).toBe('2 years ago');
  });

  it('reads ISO strings and treats a slightly future time as now', () => {
    expect(formatTimeAgo('2025-06-15T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(formatTimeAgo('2025-06-15T12:00:30Z', NOW)).toBe('just now');
    expect(formatTimeAgo('not a date', NOW)).toBe('');
  });
});

describe('formatRemainingTime', () => {
  it('tells the time left, or expired once past', () => {
    expect(formatRemainingTime(new Date(NOW + 6 * DAY + HOUR), NOW)).toBe('6 days');
    expect(formatRemainingTime(new Date(NOW + 3 * HOUR), NOW)).toBe('3 hours');
    expect(formatRemainingTime(new Date(NOW - 1), NOW)).toBeUndefined();
  });
});

describe('formatDateTime', () => {
  it('gives the exact date and time', () => {
    const text = formatDateTime('2025-03-12T14:05:00');
    expect(text).toContain('12 Mar 2025');
    expect(text).toContain('14:05');
  });
});
