import { describe, expect, it } from 'vitest';
import { issueBearerToken, verifyBearerToken } from './bearer-token.ts';
import { CSRF_TOKEN_LIFETIME_SECONDS, checkCsrfToken, issueCsrfToken } from './csrf-token.ts';

const payload = {
  user_id: 7,
  username: 'alice',
  email: 'a@example.com',
  expire: '2026-01-01T12:00:00.000Z',
  token_epoch: 3,
};

describe('Bearer tokens', () => {
  it('verify until they expire, with the secret that signed them', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = issueBearerToken('secret-one', payload, issued);
    expect(token.startsWith('.')).toBe(true);
    expect(verifyBearerToken('secret-one', token, issued)).toEqual(payload);
    expect(verifyBearerToken('secret-two', token, issued)).toBeNull();
    expect(verifyBearerToken('secret-one', token, new Date('2026-01-01T12:00:01Z'))).toBeNull();
    expect(verifyBearerToken('secret-one', 'garbage', issued)).toBeNull();
  });
});

describe('CSRF tokens', () => {
  it('are bound to the session and expire after their lifetime', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = issueCsrfToken('s', 'session-a', now);
    expect(checkCsrfToken('s', 'session-a', token, now)).toBe('valid');
    expect(checkCsrfToken('s', 'session-b', token, now)).toBe('invalid');
    expect(checkCsrfToken('s', 'session-a', undefined, now)).toBe('missing');
    expect(checkCsrfToken('s', 'session-a', token, now + (CSRF_TOKEN_LIFETIME_SECONDS + 1) * 1000)).toBe(
      'expired',
    );
  });
});
