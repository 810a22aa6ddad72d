import { describe, expect, it } from 'vitest';
import { createBearerTokenVerifier, issueBearerToken, verifyBearerToken } from './bearer-token.ts';
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

  it('remembered by a verifier still expire, and a changed token is checked again', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const verify = createBearerTokenVerifier('secret-one');
    const token = issueBearerToken('secret-one', payload, issued);
    expect(verify(token, issued)).toEqual(payload);
    expect(verify(token, new Date('2026-01-01T11:59:59Z'))).toEqual(payload);
    expect(verify(token, new Date('2026-01-01T12:00:01Z'))).toBeNull();
    const [, data = '', timestamp = '', signature = ''] = token.split('.');
    const otherPayload = issueBearerToken('secret-one', { ...payload, user_id: 8 }, issued).split('.')[1];
    expect(verify(`.${otherPayload}.${timestamp}.${signature}`, issued)).toBeNull();
    expect(verify(`.${data}.${timestamp}.${signature.slice(0, -2)}AA`, issued)).toBeNull();
    expect(createBearerTokenVerifier('secret-two')(token, issued)).toBeNull();
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
