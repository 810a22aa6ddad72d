import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * The signed payload. The first four fields are the reference server's, which the Mergin client decodes;
 * `token_epoch` is ours: the user's token epoch at issue (tokens from before it existed lack it, meaning 0).
 */
export type BearerPayload = {
  user_id: number;
  username: string;
  email: string;
  expire: string;
  token_epoch?: number;
};

const b64url = (data: Buffer) => data.toString('base64url');

function sign(secret: string, message: string): Buffer {
  return createHmac('sha256', `${secret}:bearer`).update(message).digest();
}

/**
 * Issues a token in the Mergin wire format: `.<zlib+base64url JSON>.<timestamp>.<signature>`.
 * The Mergin Python client decodes the payload (without verifying) to read `expire` and `username`.
 */
export function issueBearerToken(secret: string, payload: BearerPayload, now = new Date()): string {
  const body = `.${b64url(deflateSync(Buffer.from(JSON.stringify(payload))))}`;
  const timestamp = b64url(Buffer.from(Math.floor(now.getTime() / 1000).toString(16), 'hex'));
  const message = `${body}.${timestamp}`;
  return `${message}.${b64url(sign(secret, message))}`;
}

/** Returns the payload of a token this server signed and that has not expired, else null. */
export function verifyBearerToken(secret: string, token: string, now = new Date()): BearerPayload | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== '') return null;
  const [, data = '', timestamp = '', signature = ''] = parts;
  const expected = sign(secret, `.${data}.${timestamp}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(inflateSync(Buffer.from(data, 'base64url')).toString('utf8')) as BearerPayload;
    const expire = Date.parse(payload.expire);
    if (!Number.isFinite(expire) || expire <= now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}

/** How many tokens a verifier remembers as correctly signed (a few hundred bytes each). */
const REMEMBERED_TOKENS = 10_000;

/**
 * `verifyBearerToken` remembering the tokens whose signature it has checked. A token's payload is a function of
 * the token and the key alone, so a remembered one is only checked for expiry again; the HMAC, inflating and JSON
 * parsing were 7% of a project list call's CPU time, paid on every request of a syncing client. Tokens that fail
 * are not remembered.
 */
export function createBearerTokenVerifier(
  secret: string,
): (token: string, now?: Date) => BearerPayload | null {
  const remembered = new LRUCache<string, { payload: BearerPayload; expireMs: number }>({
    max: REMEMBERED_TOKENS,
  });
  return (token, now = new Date()) => {
    let entry = remembered.get(token);
    if (!entry) {
      const payload = verifyBearerToken(secret, token, now);
      if (!payload) return null;
      entry = { payload, expireMs: Date.parse(payload.expire) };
      remembered.set(token, entry);
    }
    return entry.expireMs > now.getTime() ? entry.payload : null;
  };
}
