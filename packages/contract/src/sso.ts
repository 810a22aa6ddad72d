import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { workspaceRoleSchema } from './roles.ts';

/**
 * Why a single sign-on ended on the sign-in page (`/login?sso_error=<code>`) or the profile
 * (`/profile?sso_error=<code>`); the web app's catalogue says each in words.
 */
export const SSO_ERROR_CODES = [
  /** The sign-in's state is unknown, used already or expired (a replayed or stale callback). */
  'expired',
  /** The provider said no, or its answer did not check out (code, nonce, PKCE, signature). */
  'failed',
  /** No user is linked to this provider account and new users are not made. */
  'not_linked',
  /** The e-mail's domain is not among OIDC_ALLOWED_DOMAINS. */
  'domain',
  /** The provider says the e-mail address is not verified, or gave none. */
  'email_unverified',
  /** An account with this e-mail exists: its owner links the provider from the Security card. */
  'email_taken',
  /** The linked user is deactivated. */
  'deactivated',
  /** Linking: this provider account is linked to another user already. */
  'linked_elsewhere',
  /** Single sign-on is not configured on this server. */
  'not_configured',
] as const;
export const ssoErrorCodeSchema = z.enum(SSO_ERROR_CODES);
export type SsoErrorCode = z.infer<typeof ssoErrorCodeSchema>;

/** Wire texts (4xx details) of single sign-on and password sign-in. */
export const SSO_TEXTS = {
  passwordLoginOff:
    'Password sign-in is turned off on this server: sign in with single sign-on in the web app, and use a personal access token (profile, Security) in the Mergin clients.',
  notConfigured: 'Single sign-on is not configured on this server.',
  lastSignIn: 'This is your only way to sign in, so it cannot be unlinked.',
  identityNotFound: 'Linked account not found',
} as const;

/** Query of GET /app/auth/sso/start: where the web app goes after signing in (a path of this app). */
export const ssoStartQuerySchema = z.object({ redirect: z.string().max(2000).optional() });

/** Query of GET /app/auth/sso/callback: what the provider sends back (an error, or a code). */
export const ssoCallbackQuerySchema = z
  .object({
    state: z.string().max(500).optional(),
    code: z.string().max(4000).optional(),
    error: z.string().max(500).optional(),
  })
  .loose();

/** Answer of POST /app/auth/sso/link: where the browser goes to sign in with the provider. */
export const ssoLinkStartSchema = z.object({ authorization_url: z.string() });
export type SsoLinkStart = z.infer<typeof ssoLinkStartSchema>;

/** One provider account linked to the signed-in user. */
export const identitySchema = z.object({
  id: z.number().int(),
  issuer: z.string(),
  /** The provider's name (OIDC_NAME) when it is the configured provider. */
  provider_name: z.string().nullable(),
  email: z.string().nullable(),
  created: z.string(),
  last_used: z.string().nullable(),
});
export type Identity = z.infer<typeof identitySchema>;

/** GET /app/auth/identities: the user's linked sign-in, and whether they can unlink (another way is left). */
export const identityListSchema = z.object({
  identities: z.array(identitySchema),
  /**
   * Whether the account can sign in with a password (it has one, and PASSWORD_LOGIN allows it or it is a
   * superuser's); else its linked accounts are its only sign-in.
   */
  has_password: z.boolean(),
  /** Whether linking is possible here (single sign-on configured). */
  can_link: z.boolean(),
  provider_name: z.string().nullable(),
});
export type IdentityList = z.infer<typeof identityListSchema>;

export const identityParamsSchema = z.object({ id: dbIdSchema });

/** GET /app/admin/sso: the single sign-on settings (the secret never), the provider's answer and the links. */
export const adminSsoStatusSchema = z.object({
  configured: z.boolean(),
  password_login: z.boolean(),
  provider_name: z.string().nullable(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  scopes: z.string().nullable(),
  username_claim: z.string().nullable(),
  create_users: z.boolean(),
  default_workspace: z.string().nullable(),
  default_role: workspaceRoleSchema.nullable(),
  allowed_domains: z.array(z.string()),
  redirect_uri: z.string().nullable(),
  /** Whether the provider's discovery document could be read just now; null when not configured. */
  provider_reachable: z.boolean().nullable(),
  /** Why not, when not. */
  provider_error: z.string().nullable(),
  linked_users: z.number().int(),
});
export type AdminSsoStatus = z.infer<typeof adminSsoStatusSchema>;
