import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  ACCESS_TOKENS_PER_USER,
  type AccessToken,
  type AccessTokenScope,
  type AdminAccessToken,
  type CreateAccessTokenRequest,
  type CreatedAccessToken,
  ERROR_TEXTS,
  SECURITY_TEXTS,
} from '@waymark/contract';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../config.ts';
import { conflict, forbidden, notFound } from '../lib/errors.ts';
import { type Clock, createTtlCache, type TtlCache } from '../lib/ttl-cache.ts';
import { canAdministerServer } from '../policies/admin.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import { presentAccessToken, presentAdminAccessToken } from '../presenters/access-token.presenter.ts';
import type { AccessTokenRow } from '../repositories/access-token.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UserRow } from '../repositories/user.repository.ts';

/**
 * The mark of a personal access token: its last part starts with it (`.<payload>.wmkpat_<secret>`), so secret
 * scanners and people can tell one apart. The token cannot begin with it: the Mergin client decodes the part after
 * the leading dot (zlib + base64url JSON) to read `username` and `expire`, as it does for the tokens of the API
 * login.
 */
export const ACCESS_TOKEN_MARK = 'wmkpat_';

/** 'Last used' is written at most this often per token (a syncing client makes many calls a minute). */
const LAST_USED_RESOLUTION_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** True when the Bearer value has the shape of a personal access token (not whether it is valid). */
export function isAccessToken(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts[0] === '' && parts[2]?.startsWith(ACCESS_TOKEN_MARK) === true;
}

export type TokenCaller = { user: UserRow; tokenId: number; scope: AccessTokenScope };

/** Personal access tokens: made, listed and revoked by their owner (superusers: anyone's), and resolved per request. */
export function createAccessTokenService(deps: {
  config: AppConfig;
  repos: Repositories;
  /** The users tokens name, shared with the session Bearer tokens (forgotten when this process writes the user). */
  bearerUsers?: TtlCache<number, UserRow>;
  /** The cache's clock (tests move their own). */
  clock?: Clock | undefined;
}) {
  const { repos } = deps;
  const bearerUsers = deps.bearerUsers ?? createTtlCache<number, UserRow>({ max: 1, ttlMs: 0 });
  // Token rows by hash, kept as briefly as users: revoking on this process forgets the row at once.
  const rows = createTtlCache<string, AccessTokenRow>({
    max: 10_000,
    ttlMs: deps.config.cacheTtlMs.users,
    clock: deps.clock,
  });
  const lastWritten = new LRUCache<number, number>({ max: 10_000 });

  function tokenFor(user: UserRow, expiresAt: Date): string {
    const payload = { user_id: user.id, username: user.username, expire: expiresAt.toISOString(), pat: true };
    const data = deflateSync(Buffer.from(JSON.stringify(payload))).toString('base64url');
    return `.${data}.${ACCESS_TOKEN_MARK}${randomBytes(32).toString('base64url')}`;
  }

  function superuser(actor: Actor): void {
    if (!actor || !canAdministerServer(actor)) throw forbidden(ERROR_TEXTS.permissionDenied);
  }

  async function revokeRow(id: number, userId?: number): Promise<void> {
    const row = await repos.accessTokens.delete(id, userId);
    if (!row) throw notFound(SECURITY_TEXTS.tokenNotFound);
    rows.forget(row.tokenHash);
  }

  return {
    /** Makes a token; the answer holds it, and nothing will show it again. */
    async create(
      user: UserRow,
      request: CreateAccessTokenRequest,
      now = new Date(),
    ): Promise<CreatedAccessToken> {
      if ((await repos.accessTokens.countLive(user.id, now)) >= ACCESS_TOKENS_PER_USER) {
        throw conflict(SECURITY_TEXTS.tooManyTokens);
      }
      // Whole seconds: the expiry the client reads from the token is the one the list shows.
      const expiresAt = new Date(
        Math.floor(now.getTime() / 1000) * 1000 + request.expires_in_days * 86_400_000,
      );
      const token = tokenFor(user, expiresAt);
      const row = await repos.accessTokens.insert({
        userId: user.id,
        name: request.name,
        scope: request.scope,
        tokenHash: sha256(token),
        tokenEpoch: user.tokenEpoch,
        createdAt: now,
        expiresAt,
      });
      return { ...presentAccessToken(row), token };
    },

    async list(user: UserRow, now = new Date()): Promise<AccessToken[]> {
      return (await repos.accessTokens.listLive(user.id, now)).map(presentAccessToken);
    },

    async revoke(user: UserRow, id: number): Promise<void> {
      await revokeRow(id, user.id);
    },

    async adminList(actor: Actor, now = new Date()): Promise<AdminAccessToken[]> {
      superuser(actor);
      return (await repos.accessTokens.listAllLive(now)).map(presentAdminAccessToken);
    },

    async adminRevoke(actor: Actor, id: number): Promise<void> {
      superuser(actor);
      await revokeRow(id);
    },

    /**
     * The caller a personal access token names: live (unexpired, not revoked, made in the user's current token
     * epoch) and its user active. Notes when it was last used, at most once a minute.
     */
    async resolve(token: string, now = new Date()): Promise<TokenCaller | undefined> {
      const hash = sha256(token);
      const row = await rows.through(hash, async () => {
        const found = await repos.accessTokens.findByHash(hash);
        return found && Object.freeze(found);
      });
      if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
      const user = await bearerUsers.through(row.userId, async () => {
        const found = await repos.users.findById(row.userId);
        return found && Object.freeze(found);
      });
      if (!user?.active || user.tokenEpoch !== row.tokenEpoch) return undefined;
      const last = lastWritten.get(row.id) ?? row.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
        lastWritten.set(row.id, now.getTime());
        await repos.accessTokens.touch(row.id, now);
      }
      return { user, tokenId: row.id, scope: row.scope as AccessTokenScope };
    },

    /** Deletes the tokens that expired or were ended (housekeeping); answers how many. */
    async purgeEnded(now: Date): Promise<number> {
      return repos.accessTokens.deleteEnded(now);
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
