import { createHmac, timingSafeEqual } from 'node:crypto';

/** Reset links work for an hour, as in the reference server. */
export const RESET_TOKEN_LIFETIME_SECONDS = 3600;

function mac(secret: string, userId: number, expires: number, passwordHash: string): string {
  return createHmac('sha256', `${secret}:reset`)
    .update(`${userId}|${expires}|${passwordHash}`)
    .digest('base64url');
}

/**
 * A password-reset token: user id, expiry and an HMAC over them and the current password hash. Setting a
 * new password changes the hash, so a token works once, with no table to keep.
 */
export function issueResetToken(
  secret: string,
  userId: number,
  passwordHash: string,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + RESET_TOKEN_LIFETIME_SECONDS;
  return `${userId}.${expires}.${mac(secret, userId, expires, passwordHash)}`;
}

/** The user id the token was issued for, if it is intact and unexpired; the hash check follows per user. */
export function readResetToken(token: string, now = Date.now()): { userId: number; expires: number } | null {
  const [id = '', expiresText = '', signature = ''] = token.split('.');
  const userId = Number(id);
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(expires) || !signature)
    return null;
  if (expires * 1000 <= now) return null;
  return { userId, expires };
}

export function checkResetToken(
  secret: string,
  token: string,
  userId: number,
  expires: number,
  passwordHash: string,
): boolean {
  const signature = token.split('.')[2] ?? '';
  const expected = Buffer.from(mac(secret, userId, expires, passwordHash));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
