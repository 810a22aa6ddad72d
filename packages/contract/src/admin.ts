import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { EMAIL_MAX_LENGTH } from './user.ts';
import { LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from './limits.ts';
import { queryBooleanSchema } from './project.ts';
import { workspaceRoleSchema } from './roles.ts';
import { workspaceNameSchema } from './workspace.ts';

/*
 * The admin panel's calls (issue 13), superuser only: anonymous callers get 401, other users 403
 * (ERROR_TEXTS.permissionDenied). Reference shapes where the reference has them: /app/admin/users,
 * /app/admin/user/{username}, /app/admin/usage, /app/admin/projects, /app/project/removed-project/….
 * Lists answer `{items, count}` and take `page` (1-based), `per_page` (at most 100), `order_by`, `descending`
 * and `like` (a case-insensitive text search; `%` and `_` match themselves).
 */

/** Default page size of the admin lists. */
export const ADMIN_PAGE_SIZE = 25;
/** Failed mails GET /app/admin/server lists at most (the newest first). */
export const ADMIN_FAILED_MAILS_LIMIT = 20;

function adminListQuerySchema<const F extends readonly [string, ...string[]]>(
  fields: F,
  fallback: F[number],
) {
  return z.object({
    page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
    per_page: z.coerce
      .number()
      .int()
      .min(1, 'per_page must be at least 1')
      .max(100, 'per_page must be at most 100')
      .default(ADMIN_PAGE_SIZE),
    order_by: z.enum(fields, { error: `order_by must be one of: ${fields.join(', ')}` }).default(fallback),
    descending: queryBooleanSchema.default(false),
    like: z.string().max(LOGIN_MAX_LENGTH, `Must be at most ${LOGIN_MAX_LENGTH} characters long.`).optional(),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Users

/** Fields GET /app/admin/users sorts by. */
export const ADMIN_USER_SORT_FIELDS = [
  'username',
  'email',
  'registration_date',
  'last_signed_in',
  'active',
  'is_admin',
] as const;
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];

/** Query of GET /app/admin/users: `like` matches the username or the e-mail. */
export const adminUserListQuerySchema = adminListQuerySchema(ADMIN_USER_SORT_FIELDS, 'username');
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** The reference's `User`: one account as the admin panel sees it. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  verified_email: z.boolean(),
  active: z.boolean(),
  is_admin: z.boolean(),
  /** Always null: accounts are anonymised at once, never scheduled for removal. */
  scheduled_removal: z.null(),
  registration_date: z.string(),
  last_signed_in: z.string().nullable(),
  /** Whether two-factor sign-in is on (a superuser can reset it). */
  two_factor_enabled: z.boolean(),
  profile: z.object({
    receive_notifications: z.boolean(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    registration_date: z.string(),
    name: z.string(),
    /** True when one of the user's workspaces (any role) holds a live project. */
    has_project: z.boolean(),
  }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponseSchema = z.object({
  items: z.array(adminUserSchema),
  count: z.number().int(),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/**
 * Body of POST /app/admin/user. With a `password` (and its `confirm`) the account is ready to sign in; without
 * one the user is mailed an invitation with a link to set it. `username` defaults to one made from the e-mail's
 * local part. The server judges every value and answers form errors under their field (`{email: [text]}`, 400);
 * the bounds here only cap the input.
 */
export const adminCreateUserRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters long.`)
    .optional(),
  email: z
    .string({ error: 'This field is required.' })
    .trim()
    .max(EMAIL_MAX_LENGTH, 'Invalid email address.'),
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters long.`)
    .optional(),
  confirm: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters long.`)
    .optional(),
  /** With a password: also mail the new user their sign-in details (without the password). */
  notify_user: z.boolean().optional().default(false),
});
export type AdminCreateUserRequest = z.input<typeof adminCreateUserRequestSchema>;

/** Path of /app/admin/user/{username} (the username as stored, matched case-insensitively). */
export const adminUsernameParamsSchema = z.object({
  username: z.string().max(LOGIN_MAX_LENGTH, `Must be at most ${LOGIN_MAX_LENGTH} characters long.`),
});

/** Body of PATCH /app/admin/user/{username}: superuser status and active state, each optional. */
export const adminUpdateUserRequestSchema = z.object({
  is_admin: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type AdminUpdateUserRequest = z.infer<typeof adminUpdateUserRequestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Workspaces

export const ADMIN_WORKSPACE_SORT_FIELDS = [
  'name',
  'storage',
  'disk_usage',
  'project_count',
  'member_count',
  'created',
] as const;
export type AdminWorkspaceSortField = (typeof ADMIN_WORKSPACE_SORT_FIELDS)[number];

/** Query of GET /app/admin/workspaces: `like` matches the workspace name. */
export const adminWorkspaceListQuerySchema = adminListQuerySchema(ADMIN_WORKSPACE_SORT_FIELDS, 'name');
export type AdminWorkspaceListQuery = z.infer<typeof adminWorkspaceListQuerySchema>;

/** One workspace of the admin panel: its quota (`storage`), bytes used, live projects and members. */
export const adminWorkspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The storage quota in bytes. */
  storage: z.number(),
  disk_usage: z.number(),
  /** Live projects (not those scheduled for deletion). */
  project_count: z.number().int(),
  member_count: z.number().int(),
  created: z.string(),
});
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

export const adminWorkspaceListResponseSchema = z.object({
  items: z.array(adminWorkspaceSchema),
  count: z.number().int(),
});
export type AdminWorkspaceListResponse = z.infer<typeof adminWorkspaceListResponseSchema>;

/** A storage quota in bytes: a whole number from 0 up to 1 PiB. */
export const ADMIN_MAX_STORAGE = 2 ** 50;
export const storageQuotaSchema = z
  .number({ error: 'Storage must be a number of bytes.' })
  .int('Storage must be a whole number of bytes.')
  .min(0, 'Storage cannot be negative.')
  .max(ADMIN_MAX_STORAGE, `Storage must be at most ${ADMIN_MAX_STORAGE} bytes.`);

/** Body of POST /app/admin/workspaces (the workspace name rules of the CLI). */
export const adminCreateWorkspaceRequestSchema = z.object({
  name: workspaceNameSchema,
  storage: storageQuotaSchema,
});
export type AdminCreateWorkspaceRequest = z.infer<typeof adminCreateWorkspaceRequestSchema>;

/** Body of PATCH /app/admin/workspaces/{id}. */
export const adminUpdateWorkspaceRequestSchema = z.object({ storage: storageQuotaSchema });
export type AdminUpdateWorkspaceRequest = z.infer<typeof adminUpdateWorkspaceRequestSchema>;

/** One member of GET /app/admin/workspaces/{id}/members (`id` is the user's id). */
export const adminWorkspaceMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
});
export type AdminWorkspaceMember = z.infer<typeof adminWorkspaceMemberSchema>;

export const adminWorkspaceMemberListSchema = z.array(adminWorkspaceMemberSchema);

/** Body of POST /app/admin/workspaces/{id}/members: the user by username or e-mail, and the role. */
export const adminAddWorkspaceMemberRequestSchema = z.object({
  username: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(LOGIN_MAX_LENGTH, `Must be at most ${LOGIN_MAX_LENGTH} characters long.`),
  role: workspaceRoleSchema,
});
export type AdminAddWorkspaceMemberRequest = z.infer<typeof adminAddWorkspaceMemberRequestSchema>;

/** Body of PATCH /app/admin/workspaces/{id}/members/{user_id}. */
export const adminUpdateWorkspaceMemberRequestSchema = z.object({ role: workspaceRoleSchema });
export type AdminUpdateWorkspaceMemberRequest = z.infer<typeof adminUpdateWorkspaceMemberRequestSchema>;

export const adminWorkspaceMemberParamsSchema = z.object({ id: dbIdSchema, user_id: dbIdSchema });

// ---------------------------------------------------------------------------------------------------------------
// Projects

export const ADMIN_PROJECT_SORT_FIELDS = [
  'name',
  'workspace',
  'disk_usage',
  'version',
  'updated',
  'created',
  'removed_at',
] as const;
export type AdminProjectSortField = (typeof ADMIN_PROJECT_SORT_FIELDS)[number];

/**
 * Query of GET /app/admin/projects: `like` matches the project or the workspace name; `removed=true` lists only
 * the projects scheduled for deletion, otherwise only live ones. Default order: the newest update first.
 */
export const adminProjectListQuerySchema = adminListQuerySchema(ADMIN_PROJECT_SORT_FIELDS, 'updated').extend({
  descending: queryBooleanSchema.default(true),
  removed: queryBooleanSchema.default(false),
});
export type AdminProjectListQuery = z.infer<typeof adminProjectListQuerySchema>;

export const adminProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The workspace's name (the project's namespace). */
  workspace: z.string(),
  workspace_id: z.number().int(),
  disk_usage: z.number(),
  /** The latest version's name, `v0` before the first push. */
  version: z.string(),
  updated: z.string(),
  created: z.string(),
  public: z.boolean(),
  /** When it was scheduled for deletion; null for live projects. */
  removed_at: z.string().nullable(),
  /** Who scheduled it for deletion (username), when known. */
  removed_by: z.string().nullable(),
  /** When housekeeping purges it for good; null for live projects. */
  purge_at: z.string().nullable(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

export const adminProjectListResponseSchema = z.object({
  items: z.array(adminProjectSchema),
  count: z.number().int(),
});
export type AdminProjectListResponse = z.infer<typeof adminProjectListResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Server

const countAndBytes = z.object({ count: z.number().int(), bytes: z.number() });

/** GET /app/admin/usage: the reference's ServerUsage plus the storage figures of issue 13. */
export const serverUsageSchema = z.object({
  /** Users who authored a version in the last 30 days. */
  active_monthly_contributors: z.number().int(),
  /** Live projects. */
  projects: z.number().int(),
  /** Bytes of the live projects (the sum of their latest versions). */
  storage: z.number(),
  /** Active accounts. */
  users: z.number().int(),
  workspaces: z.number().int(),
  /** Active users who may change files somewhere: an editor role or above in a workspace or a project, or superuser. */
  editors: z.number().int(),
  /** Content stored once on disk: distinct blobs. */
  files_stored: countAndBytes,
  /** Files of the latest versions of live projects, each counted where it is referenced. */
  files_referenced: countAndBytes,
});
export type ServerUsage = z.infer<typeof serverUsageSchema>;

export const MAINTENANCE_SOURCES = ['config', 'file', 'database'] as const;
export type MaintenanceSource = (typeof MAINTENANCE_SOURCES)[number];

/** Where maintenance mode comes from: `MAINTENANCE=true`, the data/MAINTENANCE file, the admin switch, or off. */
export const maintenanceSourceSchema = z.enum(MAINTENANCE_SOURCES).nullable();

/** The mail transport in use, without secrets. */
export const mailTransportInfoSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('smtp'), host: z.string(), port: z.number().int(), secure: z.boolean() }),
  z.object({ type: z.literal('outbox'), folder: z.string() }),
]);
export type MailTransportInfo = z.infer<typeof mailTransportInfoSchema>;

/** One mail that failed for good (the `mail-failed` dead-letter queue). */
export const failedMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  failed_at: z.string(),
  reason: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** GET /app/admin/server */
export const adminServerInfoSchema = z.object({
  version: z.string(),
  maintenance: z.boolean(),
  maintenance_source: maintenanceSourceSchema,
  mail_transport: mailTransportInfoSchema,
  /** The newest ADMIN_FAILED_MAILS_LIMIT failed mails, newest first. */
  failed_mails: z.array(failedMailSchema),
});
export type AdminServerInfo = z.infer<typeof adminServerInfoSchema>;

/** Body of PUT /app/admin/maintenance: the admin switch (stored in the database, shared by every process). */
export const maintenanceRequestSchema = z.object({ maintenance: z.boolean() });
export type MaintenanceRequest = z.infer<typeof maintenanceRequestSchema>;

/**
 * Answer of PUT /app/admin/maintenance: whether the server is in maintenance now and why; switching off leaves
 * it on while `MAINTENANCE=true` or the data/MAINTENANCE file says so.
 */
export const maintenanceResponseSchema = z.object({
  maintenance: z.boolean(),
  maintenance_source: maintenanceSourceSchema,
});
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Texts

/** Errors of the admin calls. 401/403 use ERROR_TEXTS.authRequired / ERROR_TEXTS.permissionDenied. */
export const ADMIN_TEXTS = {
  userNotFound: 'User not found',
  workspaceNotFound: 'Workspace not found',
  projectNotFound: 'Project not found',
  /** Restore refused: a live project of the same name exists in the workspace now (409). */
  restoreNameTaken: 'Project with the same name already exists',
  passwordRequired: 'This field is required.',
  passwordMismatch: 'Passwords do not match.',
  usernameTaken: 'User with this username already exists',
  emailTaken: 'User with this email already exists',
  workspaceTaken: 'Workspace with this name already exists',
  ownSuperuser: 'You cannot remove your own superuser status.',
  ownDeactivate: 'You cannot deactivate your own account.',
  ownDelete: 'You cannot delete your own account here: close it from your profile.',
  lastSuperuser: 'The last active superuser cannot be removed or deactivated.',
  inactiveUser: 'This account is deactivated: reactivate it first.',
  closedUser: 'This account has been deleted.',
  /** Delete refused: the user alone owns a workspace that still holds projects or other members (409). */
  soleOwner: (workspaces: string[]) =>
    `The user cannot be deleted: they are the only owner of ${workspaces.length === 1 ? 'workspace' : 'workspaces'} ${workspaces.map((name) => `'${name}'`).join(', ')}, which still ${workspaces.length === 1 ? 'has' : 'have'} projects or other members. Remove the projects or make someone else an owner first.`,
  alreadyMember: 'User is already a workspace member',
  notMember: 'User is not a workspace member',
  /** A change that would leave a workspace without an owner (409). */
  lastOwner: 'A workspace must keep at least one owner',
} as const;

/** A diagnostic log the apps sent (POST /v2/diagnostic-logs), as the admin panel lists it. */
export const diagnosticLogSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  created: z.string(),
});
export type DiagnosticLog = z.infer<typeof diagnosticLogSchema>;

/** The answers of the diagnostic log calls (the admin panel's texts of them: the web app's catalogue). */
export const DIAGNOSTIC_LOG_TEXTS = {
  saved: 'Log saved successfully',
  emptyLog: 'The log is empty',
  notText: 'The log must be plain text',
  appRequired: 'app is required',
  notFound: 'Log not found',
} as const;
