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
