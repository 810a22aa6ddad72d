const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Largest unit first; weeks start at 7 days, i.e. "over 6 days" (SPEC §9). */
const UNITS: [limit: number, name: string][] = [
  [YEAR, 'year'],
  [MONTH, 'month'],
  [WEEK, 'week'],
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
];

function toTime(value: string | Date): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/** "3 days", "1 hour"…, or undefined under a minute. */
function describeSpan(milliseconds: number): string | undefined {
  for (const [limit, name] of UNITS) {
    if (milliseconds >= limit) {
      const count = Math.floor(milliseconds / limit);
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  return undefined;
}

/**
 * SPEC §9 relative time: "2 years ago" … "5 minutes ago". Under a minute, and for times slightly
 * in the future (clocks of client and server differ), it reads "just now".
 */
export function formatTimeAgo(value: string | Date, now: number = Date.now()): string {
  const time = toTime(value);
  if (Number.isNaN(time)) return '';
  const span = describeSpan(now - time);
  return span ? `${span} ago` : 'just now';
}

/** Time left until `value` ("6 days", "3 hours"), or "expired" once it has passed (SPEC §9). */
export function formatRemainingTime(value: string | Date, now: number = Date.now()): string {
  const time = toTime(value);
  if (Number.isNaN(time) || time <= now) return 'expired';
  return describeSpan(time - now) ?? 'less than a minute';
}

const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The exact local date and time, e.g. "12 Mar 2025, 14:05", shown in tooltips of relative times. */
export function formatDateTime(value: string | Date): string {
  const time = toTime(value);
  return Number.isNaN(time) ? '' : DATE_TIME_FORMAT.format(time);
}
