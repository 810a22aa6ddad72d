import { createHash, randomBytes } from 'node:crypto';
import { BEARER_TOKEN_LIFETIME_SECONDS, ERROR_TEXTS, SSO_TEXTS } from '@waymark/contract';
import type { AppConfig } from '../config.ts';
import { createBearerTokenVerifier, issueBearerToken } from '../lib/bearer-token.ts';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../lib/errors.ts';
import { hashPassword, verifyPassword } from '../lib/password-hash.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { createTtlCache, type TtlCache } from '../lib/ttl-cache.ts';
import type { UserRow } from '../repositories/user.repository.ts';

/** Failed logins allowed per account and per IP address within the window before answering 429. */
export const LOGIN_LIMITS = { windowMs: 15 * 60 * 1000, perAccount: 10, perIp: 50 };

/** Login attempts are kept this long (the throttle needs 15 minutes; the rest is a record for administrators). */
export const LOGIN_HISTORY_DAYS = 30;

export type ClientInfo = { ip: string; userAgent: string | undefined };

const hashSessionId = (cookieValue: string) => createHash('sha256').update(cookieValue).digest('hex');

/** Sign-in, browser sessions and Bearer tokens. */
export function createAuthService(deps: {
  config: AppConfig;
  repos: Repositories;
  /**
   * The users Bearer tokens name, kept a few seconds and forgotten as soon as this process writes their row: a
   * token's caller then costs no query, yet a deactivation, a sign-out everywhere or a password change ends their
   * tokens at once on the process that made it, and on the others when the time is up. None: nothing kept.
   */
  bearerUsers?: TtlCache<number, UserRow>;
}) {
  const { config } = deps;
  const { users, sessions, loginAttempts } = deps.repos;
  const bearerUsers = deps.bearerUsers ?? createTtlCache<number, UserRow>({ max: 1, ttlMs: 0 });
  // Verifying against a real hash when the user does not exist keeps response times alike.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  const verifyBearer = createBearerTokenVerifier(config.secretKey);

  return {
    /**
     * Checks the credentials (username or email), rate limited per account and per IP: the attempt is
     * reserved (recorded as a failure) before the password is verified, and marked successful after. The
     * account is the user the login names, by username or e-mail alike, or the login text when it names none.
     * A deactivated account answers as a wrong password does, unless `revealsDeactivation` (the web sign-in): then
     * the right password learns that the account is deactivated (a wrong one still learns nothing).
     */
    async login(
      input: { login: string; password: string },
      client: ClientInfo,
      options: { revealsDeactivation?: boolean } = {},
    ): Promise<UserRow> {
      const login = input.login.trim();
      const user = await users.findByLogin(login);
      const attemptId = await loginAttempts.reserve(
        {
          accountKey: user ? `user:${user.id}` : `login:${login.toLowerCase()}`,
          ip: client.ip,
          userId: user?.id ?? null,
          userAgent: client.userAgent ?? null,
        },
        {
          since: new Date(Date.now() - LOGIN_LIMITS.windowMs),
          perAccount: LOGIN_LIMITS.perAccount,
          perIp: LOGIN_LIMITS.perIp,
        },
      );
      if (attemptId === null) throw tooManyRequests(ERROR_TEXTS.tooManyLogins);
      const isPasswordRight = user
        ? await verifyPassword(input.password, user.passwordHash)
        : await verifyPassword(input.password, await dummyHash).then(() => false);
      if (!user || !isPasswordRight) throw unauthorized(ERROR_TEXTS.invalidCredentials);
      if (!user.active) {
        throw unauthorized(
          options.revealsDeactivation ? ERROR_TEXTS.accountDeactivated : ERROR_TEXTS.invalidCredentials,
        );
      }
      // PASSWORD_LOGIN=false: the right password of anyone but a superuser is refused with the way to sign in.
      if (!config.passwordLogin && !user.isAdmin) throw forbidden(SSO_TEXTS.passwordLoginOff);
      await loginAttempts.markSucceeded(attemptId);
      return (await users.update(user.id, { lastSignedIn: new Date() })) ?? user;
    },

    /** Starts a browser session; the cookie value is random and only its hash is stored. */
    async createSession(
      user: UserRow,
      client: ClientInfo,
    ): Promise<{ cookieValue: string; sessionId: string; expiresAt: Date }> {
      const cookieValue = randomBytes(32).toString('base64url');
      const sessionId = hashSessionId(cookieValue);
      const expiresAt = new Date(Date.now() + config.sessionMaxAgeSeconds * 1000);
      await sessions.insert({
        id: sessionId,
        userId: user.id,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent ?? null,
        tokenEpoch: user.tokenEpoch,
      });
      return { cookieValue, sessionId, expiresAt };
    },

    async resolveSession(cookieValue: string): Promise<{ sessionId: string; user: UserRow } | undefined> {
      const sessionId = hashSessionId(cookieValue);
      const found = await sessions.findActive(sessionId, new Date());
      return found && { sessionId, user: found.user };
    },

    /** Deletes the sessions that expired and those a token epoch bump ended. */
    async purgeExpiredSessions(now: Date): Promise<void> {
      await sessions.deleteExpired(now);
    },

    /** Forgets login attempts older than LOGIN_HISTORY_DAYS; answers how many. */
    async purgeOldLoginAttempts(now: Date): Promise<number> {
      return loginAttempts.deleteBefore(new Date(now.getTime() - LOGIN_HISTORY_DAYS * 86_400_000));
    },

    async destroySession(sessionId: string): Promise<void> {
      await sessions.delete(sessionId);
    },

    issueBearer(user: UserRow, now = new Date()): { token: string; expire: Date } {
      const expire = new Date(now.getTime() + BEARER_TOKEN_LIFETIME_SECONDS * 1000);
      const token = issueBearerToken(
        config.secretKey,
        {
          user_id: user.id,
          username: user.username,
          email: user.email,
          expire: expire.toISOString(),
          token_epoch: user.tokenEpoch,
        },
        now,
      );
      return { token, expire };
    },

    /**
     * The active user a Bearer token was issued to, as long as their username and email are unchanged and
     * nothing ended their credentials since (the token's epoch is still the user's).
     */
    async resolveBearer(token: string): Promise<UserRow | undefined> {
      const payload = verifyBearer(token);
      if (!payload) return undefined;
      // Frozen: one row object now serves many requests.
      const user = await bearerUsers.through(payload.user_id, async () => {
        const row = await users.findById(payload.user_id);
        return row && Object.freeze(row);
      });
      if (
        !user?.active ||
        user.username !== payload.username ||
        user.email !== payload.email ||
        user.tokenEpoch !== (payload.token_epoch ?? 0)
      )
        return undefined;
      return user;
    },

    /**
     * Signs the user out everywhere: every Bearer token and browser session issued so far ends, except the
     * session `keepSessionId` (the one a user changing their own password works in). The password stays.
     */
    async signOutEverywhere(
      login: string,
      options: { keepSessionId?: string | undefined } = {},
    ): Promise<UserRow> {
      const user = await users.findByLogin(login.trim());
      if (!user) throw notFound(`User ${login} not found`);
      await deps.repos.transaction(async (tx) => {
        const epoch = await tx.users.bumpTokenEpoch(user.id);
        await tx.sessions.deleteForUser(user.id, options.keepSessionId);
        if (options.keepSessionId !== undefined && epoch !== undefined) {
          await tx.sessions.setTokenEpoch(options.keepSessionId, user.id, epoch);
        }
      });
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
