import { describe, expect, it } from 'vitest';
import { expiryText, isExpired, pageAfterRemoval } from './accessRequestRules.ts';
import { tProject } from '../../i18n/project.ts';

const NOW = Date.parse('2025-05-01T12:00:00Z');

describe('access request rules', () => {
  it("read 'Expired' once past, 'Expiring in …' before", () => {
    expect(expiryText('2025-05-01T11:59:00Z', NOW)).toBe(tProject('accessRequestTable.expired'));
    expect(expiryText('2025-05-01T12:00:00Z', NOW)).toBe('Expired');
    expect(expiryText('2025-05-07T12:00:00Z', NOW)).toBe('Expiring in 6 days');
    expect(expiryText('2025-05-01T15:00:00Z', NOW)).toBe('Expiring in 3 hours');
    expect(isExpired('2025-05-01T12:00:00Z', NOW)).toBe(true);
    expect(isExpired('2025-05-01T12:00:01Z', NOW)).toBe(false);
  });

  it('step back one page when the last row of a page above the first goes', () => {
    expect(pageAfterRemoval(3, 1)).toBe(2);
    expect(pageAfterRemoval(3, 2)).toBe(3);
    expect(pageAfterRemoval(1, 1)).toBe(1);
  });
});
