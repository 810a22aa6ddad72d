import { tCommon } from '../../i18n/common.ts';
import { locale } from '../../i18n/i18n.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** Largest unit first; weeks start at 7 days, i.e. "over 6 days" (SPEC §9). */
const UNITS: [limit: number, unit: Unit][] = [
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

/** The largest whole unit of a span (3 days, 1 hour…), or undefined under a minute. */
function spanOf(milliseconds: number): { count: number; unit: Unit } | undefined {
  for (const [limit, unit] of UNITS) {
    if (milliseconds >= limit) return { count: Math.floor(milliseconds / limit), unit };
  }
  return undefined;
}

/**
 * SPEC §9 relative time: "2 years ago" … "5 minutes ago", in the catalogue's language (`Intl.RelativeTimeFormat`).
 * Under a minute, and for times slightly in the future (clocks of client and server differ), it reads "just now".
 */
export function formatTimeAgo(value: string | Date, now: number = Date.now()): string {
  const time = toTime(value);
  if (Number.isNaN(time)) return '';
  const span = spanOf(now - time);
  if (!span) return tCommon('time.justNow');
  return new Intl.RelativeTimeFormat(locale(), { numeric: 'always' }).format(-span.count, span.unit);
}

/**
 * Time left until `value` ("6 days", "3 hours", `Intl.NumberFormat`'s units in the catalogue's language), or
 * undefined once it has passed (SPEC §9: it reads 'expired' then).
 */
export function formatRemainingTime(value: string | Date, now: number = Date.now()): string | undefined {
  const time = toTime(value);
  if (Number.isNaN(time) || time <= now) return undefined;
  const span = spanOf(time - now);
  if (!span) return tCommon('time.lessThanAMinute');
  return new Intl.NumberFormat(locale(), { style: 'unit', unit: span.unit, unitDisplay: 'long' }).format(
    span.count,
  );
}

/** The exact local date and time, e.g. "12 Mar 2025, 14:05" (en-GB), shown in tooltips of relative times. */
export function formatDateTime(value: string | Date): string {
  const time = toTime(value);
  return Number.isNaN(time)
    ? ''
    : new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
