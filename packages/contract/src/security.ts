import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';

/*
 * Personal access tokens and two-factor sign-in (issue 29). Tokens are Bearer tokens a user makes for scripts and
 * the Mergin clients; two-factor sign-in asks the web sign-in for an authenticator (TOTP) code after the password.
 */

/** What a personal access token may do: read only; also change project content; also administer own projects. */
export const ACCESS_TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export const accessTokenScopeSchema = z.enum(ACCESS_TOKEN_SCOPES, {
  error: `scope must be one of: ${ACCESS_TOKEN_SCOPES.join(', ')}`,
});
export type AccessTokenScope = z.infer<typeof accessTokenScopeSchema>;

/** Longest lifetime of a personal access token, in days (a year). */
export const ACCESS_TOKEN_MAX_DAYS = 365;
/** Longest token name. */
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;
/** Live tokens a user may hold at once. */
export const ACCESS_TOKENS_PER_USER = 50;
/** Recovery codes made at enrolment (and when the user asks for new ones). */
export const RECOVERY_CODE_COUNT = 10;
/** How long 'remember this device' spares the code, in days. */
export const TWO_FACTOR_REMEMBER_DAYS = 30;

/** Texts the server answers about tokens and two-factor sign-in. */
export const SECURITY_TEXTS = {
  apiLoginTwoFactor:
    "Two-factor sign-in is on for this account: the API sign-in cannot ask for a code. Create a personal access token in your profile (Security) and use it as the client's auth token instead of the password.",
  tokenScopeTooLow: (needed: AccessTokenScope) =>
    `This personal access token's scope does not allow this call; it needs the '${needed}' scope.`,
  tokenNotAllowed: 'Personal access tokens cannot make this call; sign in to the web app to do it.',
  tokenNotFound: 'Token not found',
  tooManyTokens: `You have the most tokens allowed (${ACCESS_TOKENS_PER_USER}); revoke one first.`,
  wrongCode: 'The code is not valid. Enter the current code from your authenticator app, or a recovery code.',
  wrongEnrolmentCode: 'The code is not valid. Check the time on your device and enter the current code.',
  challengeExpired: 'The sign-in has expired. Enter your username and password again.',
  noEnrolment: 'Start the set-up of two-factor sign-in first.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  wrongPassword: 'The password is not correct.',
  ownTwoFactorFirst: 'Turn on two-factor sign-in for your own account before requiring it of the workspace.',
  requiredByWorkspace: (workspaces: string[]) =>
    `Workspace ${workspaces.map((name) => `'${name}'`).join(', ')} requires two-factor sign-in: turn it on in your profile (Security) first.`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Personal access tokens

/** Body of POST /app/auth/tokens. */
export const createAccessTokenRequestSchema = z.object({
  name: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(ACCESS_TOKEN_NAME_MAX_LENGTH, `Must be at most ${ACCESS_TOKEN_NAME_MAX_LENGTH} characters long.`),
  scope: accessTokenScopeSchema,
  expires_in_days: z
    .number({ error: 'expires_in_days must be a whole number of days' })
    .int('expires_in_days must be a whole number of days')
    .min(1, 'expires_in_days must be at least 1')
    .max(ACCESS_TOKEN_MAX_DAYS, `A token lives at most ${ACCESS_TOKEN_MAX_DAYS} days.`),
});
export type CreateAccessTokenRequest = z.infer<typeof createAccessTokenRequestSchema>;

/** One token as its owner sees it (never the token itself, which is shown once). */
export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: accessTokenScopeSchema,
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.array(accessTokenSchema);

/** Answer of POST /app/auth/tokens: the token, shown this once; `Authorization: Bearer <token>`. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const accessTokenParamsSchema = z.object({ id: dbIdSchema });

/** A token in the admin panel's list: with its owner. */
export const adminAccessTokenSchema = accessTokenSchema.extend({
  user_id: z.number().int(),
  username: z.string(),
});
export type AdminAccessToken = z.infer<typeof adminAccessTokenSchema>;
export const adminAccessTokenListSchema = z.array(adminAccessTokenSchema);

// ---------------------------------------------------------------------------------------------------------------
// Two-factor sign-in

/** A six-digit authenticator code, or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
export const twoFactorCodeSchema = z
  .string({ error: 'This field is required.' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'This field is required.').max(32, 'Must be at most 32 characters long.'));

/** GET /app/auth/two-factor: the caller's state. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number().int(),
  /** Workspaces of the caller that require two-factor sign-in (names). */
  required_by: z.array(z.string()),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Answer of POST /app/auth/two-factor/setup: what the authenticator app needs (a new secret each time). */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG `data:` URL. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Body of POST /app/auth/two-factor/enable. */
export const twoFactorEnableRequestSchema = z.object({ code: twoFactorCodeSchema });

/** The recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Body of the calls that need the password again (turning two-factor off, new recovery codes). */
export const passwordConfirmRequestSchema = z.object({
  password: z
    .string({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters long.`),
});

/**
 * Answer of POST /app/auth/login: `{}` when signed in; `{two_factor_challenge}` when the account has two-factor
 * sign-in on and this browser is not remembered: POST /app/auth/login/two-factor with it and a code next.
 */
export const webLoginResponseSchema = z.object({ two_factor_challenge: z.string().optional() });
export type WebLoginResponse = z.infer<typeof webLoginResponseSchema>;

/** Body of POST /app/auth/login/two-factor. */
export const twoFactorLoginRequestSchema = z.object({
  challenge: z.string({ error: 'This field is required.' }).min(1).max(512),
  code: twoFactorCodeSchema,
  /** Spare this browser the code for TWO_FACTOR_REMEMBER_DAYS. */
  remember_device: z.boolean().optional().default(false),
});
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginRequestSchema>;

/** A workspace the caller administers and whether it requires two-factor sign-in of its members. */
export const workspaceTwoFactorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  require_two_factor: z.boolean(),
});
export type WorkspaceTwoFactor = z.infer<typeof workspaceTwoFactorSchema>;
export const workspaceTwoFactorListSchema = z.array(workspaceTwoFactorSchema);
export const workspaceTwoFactorParamsSchema = z.object({ id: dbIdSchema });
export const workspaceTwoFactorRequestSchema = z.object({ require_two_factor: z.boolean() });
