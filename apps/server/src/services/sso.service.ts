import {
  type AdminSsoStatus,
  ERROR_TEXTS,
  type IdentityList,
  SSO_TEXTS,
  type SsoErrorCode,
  type SsoLinkStart,
} from '@waymark/contract';
import * as oidc from 'openid-client';
import type { AppConfig, OidcSettings } from '../config.ts';
import { conflict, forbidden, notFound } from '../lib/errors.ts';
import { canAdministerServer } from '../policies/admin.policy.ts';
import type { Actor } from '../policies/workspace.policy.ts';
import type { Logger } from '../lib/logger.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { UserRow } from '../repositories/user.repository.ts';
import { isoSeconds } from '../presenters/timestamps.ts';
import type { UserService } from './user.service.ts';

/** How long a sign-in may stay at the provider before its state is refused (the user types a password there). */
const STATE_LIFETIME_MS = 10 * 60 * 1000;
/** How long the admin panel's status waits for the provider's discovery document. */
const STATUS_TIMEOUT_SECONDS = 5;

export const SSO_CALLBACK_PATH = '/app/auth/sso/callback';

/** Where a single sign-on ends: signed in, a second factor to ask, linked, or refused (with the reason). */
export type SsoOutcome =
  | { kind: 'signed-in'; user: UserRow; returnTo: string }
  | { kind: 'linked'; returnTo: string }
  | { kind: 'refused'; code: SsoErrorCode; linking: boolean };

/** A path of this app to go to after signing in; anything else (another site, `//host`, `\`) is `/`. */
export function safeReturnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return '/';
  return value;
}

class Refusal extends Error {
  constructor(readonly code: SsoErrorCode) {
    super(code);
  }
}

const stringClaim = (claims: Record<string, unknown>, name: string) => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * Single sign-on with an OpenID provider (openid-client): the authorization code flow with PKCE (S256), state and
 * nonce; provider accounts linked to users by issuer and subject; users made on first sign-in when configured.
 * The settings are read at each call (`config.oidc`), never kept.
 */
export function createSsoService(deps: {
  config: AppConfig;
  repos: Repositories;
  users: UserService;
  log: Logger;
}) {
  const { config, repos, log } = deps;
  // The provider's metadata, discovered on first use and kept; a failed discovery is tried again next time.
  let discovered: { settings: OidcSettings; configuration: Promise<oidc.Configuration> } | undefined;

  function settings(): OidcSettings {
    if (!config.oidc) throw notFound(SSO_TEXTS.notConfigured);
    return config.oidc;
  }

  /** Whether the user can sign in with a password: they have one, and PASSWORD_LOGIN lets them use it. */
  const passwordSignsIn = (user: UserRow) =>
    user.passwordHash !== null && (config.passwordLogin || user.isAdmin);

  const redirectUri = () => `${config.publicUrl}${SSO_CALLBACK_PATH}`;

  function discover(current: OidcSettings, timeout?: number): Promise<oidc.Configuration> {
    // Plain http only for a provider on http:// (a development or test provider on this machine).
    const insecure = new URL(current.issuer).protocol === 'http:';
    return oidc.discovery(
      new URL(current.issuer),
      current.clientId,
      current.clientSecret,
      current.clientSecret ? undefined : oidc.None(),
      {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(timeout ? { timeout } : {}),
      },
    );
  }

  function providerConfiguration(): Promise<oidc.Configuration> {
    const current = settings();
    if (discovered?.settings !== current) {
      const configuration = discover(current);
      configuration.catch(() => {
        if (discovered?.configuration === configuration) discovered = undefined;
      });
      discovered = { settings: current, configuration };
    }
    return discovered.configuration;
  }

  /** A new attempt: state, nonce and PKCE verifier kept until the callback; answers the provider's URL. */
  async function authorizationUrl(returnTo: string, linkUserId: number | null): Promise<string> {
    const current = settings();
    const configuration = await providerConfiguration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await repos.identities.insertState({
      state,
      nonce,
      codeVerifier,
      returnTo,
      linkUserId,
      expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri(),
      scope: current.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.href;
  }

  /** The provider's claims about the person: the ID token's, completed from userinfo where it leaves some out. */
  async function claimsOf(
    configuration: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
    current: OidcSettings,
  ): Promise<Record<string, unknown>> {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Refusal('failed');
    const claims: Record<string, unknown> = { ...idClaims };
    const lacking = claims.email === undefined || claims[current.usernameClaim] === undefined;
    if (lacking && configuration.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      for (const [name, value] of Object.entries(info)) {
        if (claims[name] === undefined) claims[name] = value;
      }
    }
    return claims;
  }

  function checkDomain(current: OidcSettings, email: string | undefined, verified: boolean): void {
    if (current.allowedDomains.length === 0) return;
    if (!email || !verified) throw new Refusal('domain');
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!current.allowedDomains.includes(domain)) throw new Refusal('domain');
  }

  async function signedIn(user: UserRow, returnTo: string): Promise<SsoOutcome> {
    if (!user.active) throw new Refusal('deactivated');
    return { kind: 'signed-in', user, returnTo };
  }

  /** A provider account linked to no user: a new user when configured (never an existing one by e-mail). */
  async function createUser(
    current: OidcSettings,
    claims: Record<string, unknown>,
    subject: string,
    email: string | undefined,
    verified: boolean,
  ): Promise<UserRow> {
    if (!current.createUsers) throw new Refusal('not_linked');
    if (!email || !verified) throw new Refusal('email_unverified');
    if (await repos.users.findByEmail(email)) throw new Refusal('email_taken');
    const { workspace, role } = current.createUsers;
    const target = workspace ? await repos.workspaces.findByName(workspace) : undefined;
    if (workspace && !target) {
      log.warn({ workspace }, 'OIDC_DEFAULT_WORKSPACE names no workspace: the new user joins none');
    }
    const user = await deps.users.createUser({
      email,
      password: null,
      verifiedEmail: true,
      usernameFrom: stringClaim(claims, current.usernameClaim) ?? email.split('@')[0],
      identity: { issuer: current.issuer, subject, email },
      membership: target ? { workspaceId: target.id, role } : undefined,
    });
    log.info({ userId: user.id, username: user.username }, 'user created on first single sign-on');
    return user;
  }

  async function finish(callbackUrl: URL): Promise<SsoOutcome> {
    const current = settings();
    const stateParam = callbackUrl.searchParams.get('state');
    const attempt = stateParam ? await repos.identities.consumeState(stateParam) : undefined;
    if (!attempt || attempt.expiresAt.getTime() < Date.now()) throw new Refusal('expired');
    const linking = attempt.linkUserId !== null;
    try {
      const configuration = await providerConfiguration();
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        log.warn({ err: error }, 'single sign-on: the provider’s answer was refused');
        throw new Refusal('failed');
      }
      const claims = await claimsOf(configuration, tokens, current);
      const subject = String(claims.sub);
      const email = stringClaim(claims, 'email')?.toLowerCase();
      const verified = claims.email_verified !== false;
      const identity = await repos.identities.find(current.issuer, subject);

      if (attempt.linkUserId !== null) {
        const user = await repos.users.findById(attempt.linkUserId);
        if (!user?.active) throw new Refusal('deactivated');
        if (identity && identity.userId !== user.id) throw new Refusal('linked_elsewhere');
        if (!identity) {
          const linked = await repos.identities.insert({
            userId: user.id,
            issuer: current.issuer,
            subject,
            email: email ?? null,
            lastUsedAt: new Date(),
          });
          if (!linked) throw new Refusal('linked_elsewhere');
        }
        return { kind: 'linked', returnTo: attempt.returnTo };
      }

      checkDomain(current, email, verified);
      let user: UserRow;
      if (identity) {
        const found = await repos.users.findById(identity.userId);
        if (!found) throw new Refusal('not_linked');
        user = found;
        if (!user.active) throw new Refusal('deactivated');
        await repos.identities.touch(identity.id, new Date());
      } else {
        user = await createUser(current, claims, subject, email, verified);
      }
      return signedIn(
        (await repos.users.update(user.id, { lastSignedIn: new Date() })) ?? user,
        attempt.returnTo,
      );
    } catch (error) {
      if (error instanceof Refusal) return { kind: 'refused', code: error.code, linking };
      throw error;
    }
  }

  return {
    /** What the sign-in page needs: the button's name when configured, and whether passwords are for everyone. */
    publicSettings(): { sso_name?: string; password_login: boolean } {
      return {
        ...(config.oidc ? { sso_name: config.oidc.name } : {}),
        password_login: config.passwordLogin,
      };
    },

    /** GET /app/auth/sso/start: the provider's URL to send the browser to. */
    async startSignIn(redirect: string | undefined): Promise<string> {
      return authorizationUrl(safeReturnPath(redirect), null);
    },

    /** POST /app/auth/sso/link: the same, for the signed-in user linking a provider account. */
    async startLink(user: UserRow): Promise<SsoLinkStart> {
      return { authorization_url: await authorizationUrl('/profile', user.id) };
    },

    /**
     * The provider's redirect back (`callbackUrl`: the callback's query on this server's public address): checks
     * the state (once), then code, PKCE and nonce with the provider, and signs in, makes or links the user. A
     * refusal says why; it never throws for the provider's or the browser's doing.
     */
    async callback(query: string): Promise<SsoOutcome> {
      if (!config.oidc) return { kind: 'refused', code: 'not_configured', linking: false };
      const callbackUrl = new URL(`${redirectUri()}${query ? `?${query}` : ''}`);
      try {
        return await finish(callbackUrl);
      } catch (error) {
        if (error instanceof Refusal) return { kind: 'refused', code: error.code, linking: false };
        log.warn({ err: error }, 'single sign-on failed');
        return { kind: 'refused', code: 'failed', linking: false };
      }
    },

    async identities(user: UserRow): Promise<IdentityList> {
      const rows = await repos.identities.listForUser(user.id);
      const name = config.oidc?.name ?? null;
      return {
        identities: rows.map((row) => ({
          id: row.id,
          issuer: row.issuer,
          provider_name: row.issuer === config.oidc?.issuer ? name : null,
          email: row.email,
          created: isoSeconds(row.createdAt),
          last_used: row.lastUsedAt ? isoSeconds(row.lastUsedAt) : null,
        })),
        has_password: passwordSignsIn(user),
        can_link: config.oidc !== undefined,
        provider_name: name,
      };
    },

    /** Unlinks one of the user's provider accounts, never the last way to sign in (a password that works counts). */
    async unlink(user: UserRow, id: number): Promise<void> {
      const rows = await repos.identities.listForUser(user.id);
      if (!rows.some((row) => row.id === id)) throw notFound(SSO_TEXTS.identityNotFound);
      if (!passwordSignsIn(user) && rows.length === 1) throw conflict(SSO_TEXTS.lastSignIn);
      await repos.identities.delete(id, user.id);
    },

    /** GET /app/admin/sso: the settings (never the secret), whether the provider answers, how many are linked. */
    async adminStatus(actor: Actor): Promise<AdminSsoStatus> {
      if (!actor || !canAdministerServer(actor)) throw forbidden(ERROR_TEXTS.permissionDenied);
      const current = config.oidc;
      let reachable: boolean | null = null;
      let providerError: string | null = null;
      if (current) {
        try {
          await discover(current, STATUS_TIMEOUT_SECONDS);
          reachable = true;
        } catch (error) {
          reachable = false;
          providerError = error instanceof Error ? error.message : String(error);
        }
      }
      return {
        configured: current !== undefined,
        password_login: config.passwordLogin,
        provider_name: current?.name ?? null,
        issuer: current?.issuer ?? null,
        client_id: current?.clientId ?? null,
        scopes: current?.scopes ?? null,
        username_claim: current?.usernameClaim ?? null,
        create_users: current?.createUsers !== undefined,
        default_workspace: current?.createUsers?.workspace ?? null,
        default_role: current?.createUsers ? current.createUsers.role : null,
        allowed_domains: current?.allowedDomains ?? [],
        redirect_uri: current ? redirectUri() : null,
        provider_reachable: reachable,
        provider_error: providerError,
        linked_users: await repos.identities.countLinkedUsers(),
      };
    },

    /** Forgets sign-in attempts that were never finished (housekeeping). */
    async purgeExpiredStates(now: Date): Promise<number> {
      return repos.identities.deleteExpiredStates(now);
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
