import { type WorkspaceRole, workspaceRoleSchema } from '@waymark/contract';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import { booleanFlag, booleanFlagOn, optionalString } from './values.ts';

/** The environment variables of signing in: single sign-on with an OpenID provider, and passwords. */
export const ssoEnv = z.object({
  /** Single sign-on with an OpenID provider: on when the issuer and client id are set. */
  OIDC_ISSUER: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: "must be the OpenID provider's issuer URL, e.g. https://id.example.org",
      })
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().default('openid email profile'),
  /** The name on the sign-in page's button ('Sign in with <name>'); the issuer's host by default. */
  OIDC_NAME: optionalString,
  OIDC_USERNAME_CLAIM: z.string().trim().min(1).default('preferred_username'),
  /** Whether a provider account linked to no user makes a new user (else it is refused). */
  OIDC_CREATE_USERS: booleanFlag,
  OIDC_DEFAULT_WORKSPACE: optionalString,
  OIDC_DEFAULT_ROLE: workspaceRoleSchema.default('reader'),
  /** Only e-mail addresses of these domains may sign in with the provider (comma-separated); all when empty. */
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  /** false: only superusers may sign in with a password (everyone else through single sign-on). */
  PASSWORD_LOGIN: booleanFlagOn,
});

/** Single sign-on with an OpenID provider (see README, Single sign-on). */
export type OidcSettings = {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE alone, no client authentication). */
  clientSecret: string | undefined;
  scopes: string;
  /** The name on the sign-in button. */
  name: string;
  /** The ID token's (or userinfo's) claim new users' usernames come from. */
  usernameClaim: string;
  /** New users for unknown provider accounts, into `workspace` (unset: none) with `role`; or refusal. */
  createUsers: { workspace: string | undefined; role: WorkspaceRole } | undefined;
  /** Lower-case e-mail domains allowed to sign in; empty: any. */
  allowedDomains: string[];
};

export type SsoSettings = {
  /** Single sign-on with an OpenID provider (OIDC_*), when configured. */
  oidc: OidcSettings | undefined;
  /** Whether users other than superusers may sign in with a password (PASSWORD_LOGIN). */
  passwordLogin: boolean;
};

export function ssoSettings(e: z.infer<typeof ssoEnv>): SsoSettings {
  return { oidc: oidcSettings(e), passwordLogin: e.PASSWORD_LOGIN };
}

/** The single sign-on settings, checked together: an issuer and a client id, or neither. */
function oidcSettings(e: z.infer<typeof ssoEnv>): OidcSettings | undefined {
  if (Boolean(e.OIDC_ISSUER) !== Boolean(e.OIDC_CLIENT_ID)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'}: OIDC_ISSUER and OIDC_CLIENT_ID go together`,
    );
  }
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID) return undefined;
  if (!e.OIDC_SCOPES.split(/\s+/).includes('openid')) {
    throw new ConfigError("Invalid configuration:\n  OIDC_SCOPES: must include 'openid'");
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    scopes: e.OIDC_SCOPES.trim().split(/\s+/).join(' '),
    name: e.OIDC_NAME ?? new URL(e.OIDC_ISSUER).host,
    usernameClaim: e.OIDC_USERNAME_CLAIM,
    createUsers: e.OIDC_CREATE_USERS
      ? { workspace: e.OIDC_DEFAULT_WORKSPACE, role: e.OIDC_DEFAULT_ROLE }
      : undefined,
    allowedDomains: e.OIDC_ALLOWED_DOMAINS,
  };
}
