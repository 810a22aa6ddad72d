import { z } from 'zod';
import { MAX_DB_INT } from './ids.ts';
import { LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './limits.ts';
import { workspaceRoleSchema } from './roles.ts';

const requiredString = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.'),
  });

/** Body of POST /app/auth/login and POST /v1/auth/login. */
export const loginRequestSchema = z.object({
  login: requiredString()
    .trim()
    .min(1, 'This field is required.')
    .max(LOGIN_MAX_LENGTH, `Must be at most ${LOGIN_MAX_LENGTH} characters long.`),
  password: requiredString()
    .min(1, 'This field is required.')
    .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters long.`),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userWorkspaceRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: workspaceRoleSchema,
});

/** GET /v1/user/profile */
export const userProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  verified_email: z.boolean(),
  registration_date: z.string(),
  last_signed_in: z.string().nullable(),
  receive_notifications: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  can_edit_profile: z.boolean(),
  workspaces: z.array(userWorkspaceRefSchema),
  preferred_workspace: z.number().int().nullable(),
  invitations: z.array(z.unknown()),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** POST /v1/auth/login answer: the user info plus a Bearer session. */
export const loginResponseSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  receive_notifications: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  storage: z.number().nullable(),
  disk_usage: z.number().nullable(),
  has_project: z.boolean(),
  storage_limit: z.number().nullable(),
  verified_email: z.boolean(),
  tier: z.string(),
  registration_date: z.string(),
  session: z.object({ token: z.string(), expire: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Usernames: 4–50 characters of letters, digits, space, `_`, `-`, `.`; not starting with a space or dot. */
export const usernameSchema = z
  .string()
  .trim()
  .min(
    USERNAME_MIN_LENGTH,
    `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`,
  )
  .max(
    USERNAME_MAX_LENGTH,
    `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`,
  )
  .regex(/^[^\s.][\p{L}\p{N}_\s.-]*$/u, 'Username contains invalid characters.');

/** Standard email pattern of SPEC §5: local part, @, a domain with a 2+ letter top level, or an IP literal. */
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@(?:\[(?:\d{1,3}\.){3}\d{1,3}\]|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z]{2,})$/;

export const emailSchema = z.string().trim().regex(EMAIL_PATTERN, 'Invalid email address.');

/** POST /v2/users (superuser): creates a user with a personal workspace. */
export const createUserRequestSchema = z.object({
  email: emailSchema,
  password: z.string(),
  username: usernameSchema.optional(),
  workspace_id: z.number().int().positive().max(MAX_DB_INT, 'Number too large').optional(),
  role: workspaceRoleSchema.optional(),
  notify_user: z.boolean().optional().default(false),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** UserInfo answered by POST /v2/users. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  receive_notifications: z.boolean(),
  registration_date: z.string(),
  verified_email: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Body of POST /app/auth/reset-password/{token}. */
export const resetPasswordWithTokenSchema = z.object({
  password: z.string().default(''),
  confirm: z.string().default(''),
});
export type ResetPasswordWithToken = z.infer<typeof resetPasswordWithTokenSchema>;

export const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(512) });

/** Longest first or last name a profile keeps. */
export const PROFILE_NAME_MAX_LENGTH = 256;
/** Longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

const profileName = z
  .string()
  .trim()
  .max(PROFILE_NAME_MAX_LENGTH, `Must be at most ${PROFILE_NAME_MAX_LENGTH} characters long.`)
  .nullish();

/**
 * Body of POST /app/auth/user/profile: every field optional, names and address trimmed (SPEC §5). The server
 * checks the address itself, so its message lands under the email field.
 */
export const updateProfileRequestSchema = z.object({
  first_name: profileName,
  last_name: profileName,
  email: z.string().trim().max(EMAIL_MAX_LENGTH, 'Invalid email address.').optional(),
  receive_notifications: z.boolean().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

const passwordField = () =>
  z.string().max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters long.`).default('');

/** Body of POST /app/auth/change-password (SPEC §3); the server answers each field's error under it. */
export const changePasswordRequestSchema = z.object({
  old_password: passwordField(),
  password: passwordField(),
  confirm: passwordField(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Texts of the account calls (the reference's where it has them). */
export const ACCOUNT_TEXTS = {
  oldPasswordIncorrect: 'The old password is incorrect',
  invalidToken: 'Invalid token',
  required: 'This field is required.',
  mismatch: 'Passwords do not match.',
  invalidEmail: 'Invalid email address.',
  emailTaken: 'This email is already used by another account.',
  alreadyVerified: 'Your email address is already verified.',
  tooManyMails: 'Too many confirmation emails were sent. Please try again later.',
  /** Close account refused: the user alone owns a workspace that still holds projects or other members. */
  soleOwner: (workspaces: string[]) =>
    `Your account cannot be closed: you are the only owner of ${workspaces.length === 1 ? 'workspace' : 'workspaces'} ${workspaces.map((name) => `'${name}'`).join(', ')}, which still ${workspaces.length === 1 ? 'has' : 'have'} projects or other members. Remove the projects or make someone else an owner first.`,
} as const;
