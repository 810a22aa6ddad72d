import { createHmac, timingSafeEqual } from 'node:crypto';

/** Tokens older than this answer 'The CSRF token has expired.' (Flask-WTF's default limit). */
export const CSRF_TOKEN_LIFETIME_SECONDS = 3600;

export type CsrfCheck = 'valid' | 'missing' | 'invalid' | 'expired';

function mac(secret: string, binding: string, issuedAt: string): string {
  return createHmac('sha256', `${secret}:csrf`).update(`${binding}|${issuedAt}`).digest('base64url');
}

/** A token bound to the session (`binding`) and to the time it was issued; no server state needed. */
export function issueCsrfToken(secret: string, binding: string, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000).toString(36);
  return `${issuedAt}.${mac(secret, binding, issuedAt)}`;
}

export function checkCsrfToken(
  secret: string,
  binding: string,
  token: string | undefined,
  now = Date.now(),
): CsrfCheck {
  if (!token) return 'missing';
  const [issuedAt = '', signature = ''] = token.split('.');
  const expected = Buffer.from(mac(secret, binding, issuedAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const age = now / 1000 - Number.parseInt(issuedAt, 36);
  return age > CSRF_TOKEN_LIFETIME_SECONDS ? 'expired' : 'valid';
}
