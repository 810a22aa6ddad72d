import { formatRemainingTime } from '../../lib/format/timeAgo.ts';
import { tProject } from '../../i18n/project.ts';

/** SPEC §4: 'Expired' once past its expire time, otherwise 'Expiring in {remaining time}'. */
export function expiryText(expire: string, now: number = Date.now()): string {
  const remaining = formatRemainingTime(expire, now);
  return remaining === undefined
    ? tProject('accessRequestTable.expired')
    : tProject('accessRequestTable.expiringIn', { remaining });
}

/** SPEC §5: an expired request cannot be accepted. */
export function isExpired(expire: string, now: number = Date.now()): boolean {
  return new Date(expire).getTime() <= now;
}

/** The page to show after the last row of `page` went (SPEC §4): one back, never below the first. */
export function pageAfterRemoval(page: number, rowsOnPage: number): number {
  return page > 1 && rowsOnPage <= 1 ? page - 1 : page;
}
