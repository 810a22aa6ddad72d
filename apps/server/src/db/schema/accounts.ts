import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const workspaceRole = pgEnum('workspace_role', [
  'guest',
  'reader',
  'editor',
  'writer',
  'admin',
  'owner',
]);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    active: boolean('active').notNull().default(true),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    receiveNotifications: boolean('receive_notifications').notNull().default(true),
    registrationDate: timestamp('registration_date', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastSignedIn: timestamp('last_signed_in', { withTimezone: true, mode: 'date' }),
    preferredWorkspaceId: integer('preferred_workspace_id'),
    /**
     * Bumped whenever every credential issued so far must end (password set, deactivation, sign out
     * everywhere). Bearer tokens and sessions carry the epoch they were issued at; older ones are refused.
     */
    tokenEpoch: integer('token_epoch').notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a leaked table does not leak usable cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The user's token epoch when the session started; the session ends when the user's epoch moves on. */
    tokenEpoch: integer('token_epoch').notNull().default(0),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    storage: bigint('storage', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    /** Members must have two-factor sign-in on; until they turn it on they can only do that (and sign out). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  },
  (t) => [uniqueIndex('workspaces_name_lower_key').on(sql`lower(${t.name})`)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: workspaceRole('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

/**
 * Invitations to join a workspace (POST /v2/workspaces/{id}/invitations): mailed to an address; the account with
 * that address accepts it while it is pending and unexpired, and joins with the role. One pending invitation per
 * workspace and address (a new one replaces it).
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: workspaceRole('role').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('workspace_invitations_email_key').on(t.workspaceId, sql`lower(${t.email})`)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    /** `user:<id>` when the login named an existing user (username or e-mail), else `login:<lower-cased login>`. */
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Recorded false before the password is checked (the attempt is reserved), set true when it was right. */
    succeeded: boolean('succeeded').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.accountKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * One row per outgoing mail that rate limits apply to (password reset links, access-request notifications), so
 * every server process sharing the database counts the same mails. `key` is what the limit is per (the target
 * address, or requester and project); `ip` is the requesting address where a limit per IP applies. Rows older
 * than the longest window are purged by housekeeping.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_log_kind_key_idx').on(t.kind, t.key, t.createdAt),
    index('mail_log_kind_ip_idx').on(t.kind, t.ip, t.createdAt),
    index('mail_log_created_at_idx').on(t.createdAt),
  ],
);
