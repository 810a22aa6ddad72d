import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a mailed link is for, and how long it works: reset links an hour, e-mail confirmations 12 hours (the
 * reference server's lifetimes); an invitation (a superuser created the account without a password) a week,
 * since it may wait in an inbox for days. Invitations and resets both set the password, bound to its hash.
 */
export const USER_TOKEN_LIFETIME_SECONDS = {
  reset: 3600,
  confirmEmail: 12 * 3600,
  invite: 7 * 24 * 3600,
  /** The sign-in's second step (two-factor code), bound to the password and the enrolment. */
  twoFactorChallenge: 5 * 60,
  /** 'Remember this device' of two-factor sign-in (a cookie), bound to the enrolment and the token epoch. */
  twoFactorDevice: 30 * 24 * 3600,
} as const;

export type UserTokenPurpose = keyof typeof USER_TOKEN_LIFETIME_SECONDS;

function mac(secret: string, purpose: UserTokenPurpose, userId: number, expires: number, binding: string) {
  return createHmac('sha256', `${secret}:${purpose}`)
    .update(`${userId}|${expires}|${binding}`)
    .digest('base64url');
}

/**
 * A token for a mailed link: user id, expiry and an HMAC over them and a `binding`, a value of the user that the
 * link's use changes (the password hash for a reset; the address and its unverified state for a confirmation).
 * Once used the binding differs, so a token works once, with no table to keep.
 */
export function issueUserToken(
  secret: string,
  purpose: UserTokenPurpose,
  user: { id: number; binding: string },
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + USER_TOKEN_LIFETIME_SECONDS[purpose];
  return `${user.id}.${expires}.${mac(secret, purpose, user.id, expires, user.binding)}`;
}

/** The user id the token was issued for, if it is well formed and unexpired; `checkUserToken` follows per user. */
export function readUserToken(token: string, now = Date.now()): { userId: number; expires: number } | null {
  const [id = '', expiresText = '', signature = ''] = token.split('.');
  const userId = Number(id);
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(expires) || !signature)
    return null;
  if (expires * 1000 <= now) return null;
  return { userId, expires };
}

/** True when the token's signature matches this purpose and the user's current binding. */
export function checkUserToken(
  secret: string,
  purpose: UserTokenPurpose,
  token: string,
  read: { userId: number; expires: number },
  binding: string,
): boolean {
  const signature = token.split('.')[2] ?? '';
  const expected = Buffer.from(mac(secret, purpose, read.userId, read.expires, binding));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
