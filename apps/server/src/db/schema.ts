import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One table's row counts in a changeset summary. */
export type ChangesetTableSummary = { table: string; insert: number; update: number; delete: number };

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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

export const projectRole = pgEnum('project_role', ['reader', 'editor', 'writer', 'owner']);
export const fileChange = pgEnum('file_change', ['create', 'update', 'delete', 'update_diff']);
/**
 * The changeset of a GeoPackage / SQLite file's change: `pending` until the changeset job computed it, `ready`
 * (summary and blob stored), `error` (why not, e.g. a schema change), `none` for a new file (no previous version
 * to compare with, as the reference shows no changeset for it). Other files and deletions have no status (NULL).
 */
export const changesetStatus = pgEnum('changeset_status', ['pending', 'ready', 'none', 'error']);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    public: boolean('public').notNull().default(false),
    latestVersion: integer('latest_version').notNull().default(0),
    diskUsage: bigint('disk_usage', { mode: 'number' }).notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A removed project keeps its name until it is purged, as in the reference server.
    uniqueIndex('projects_workspace_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    index('projects_updated_idx').on(t.updatedAt),
    // The public projects, newest first: a project list's visibility reads them as one of its three sets.
    index('projects_public_idx')
      .on(t.updatedAt.desc(), t.id)
      .where(sql`${t.public} AND ${t.removedAt} IS NULL`),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: projectRole('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const projectVersions = pgTable(
  'project_versions',
  {
    id: serial('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The integer of `vN`. */
    number: integer('number').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    deviceId: text('device_id'),
    projectSize: bigint('project_size', { mode: 'number' }).notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    updatedDiff: integer('updated_diff').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    /** The version whose files this one restored (`POST /v2/projects/{id}/restore`); null for pushes. */
    restoredFrom: integer('restored_from'),
  },
  (t) => [uniqueIndex('project_versions_project_number_key').on(t.projectId, t.number)],
);

/** Content-addressed file bodies (SHA-256); rows of many versions and projects may share one. */
export const blobs = pgTable(
  'blobs',
  {
    sha256: text('sha256').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /**
     * The bytes' SHA-1 (the API's checksum) when the server verified it while storing them: a push declaring
     * that checksum and size finds the blob it may already hold without writing the bytes again.
     */
    sha1: text('sha1'),
    createdAt: createdAt(),
  },
  (t) => [index('blobs_sha1_idx').on(t.sha1)],
);

/** One row per file changed in a version; the files of version N are the latest rows ≤ N that are not deletes. */
export const fileHistory = pgTable(
  'file_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => projectVersions.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    path: text('path').notNull(),
    change: fileChange('change').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-1 hex: the checksum of the Mergin API. */
    checksum: text('checksum').notNull(),
    blobSha256: text('blob_sha256').references(() => blobs.sha256),
    diffPath: text('diff_path'),
    diffSize: bigint('diff_size', { mode: 'number' }),
    diffChecksum: text('diff_checksum'),
    diffBlobSha256: text('diff_blob_sha256').references(() => blobs.sha256),
    /**
     * The changeset of this change against the file's previous version. The `diff_*` columns are what a client
     * uploaded (change `update_diff`: the API's `diff`); `changeset_*` is what the server shows and serves for
     * every versioned update: the uploaded diff itself for `update_diff`, the one the changeset job computed for
     * a whole-file `update` (which the job then turns into `update_diff` with that changeset as its `diff`, when it
     * has rows, so pulls keep using diffs).
     */
    changesetStatus: changesetStatus('changeset_status'),
    /** Per-table counts `[{table, insert, update, delete}]` once ready. */
    changesetSummary: jsonb('changeset_summary').$type<ChangesetTableSummary[]>(),
    changesetSize: bigint('changeset_size', { mode: 'number' }),
    changesetBlobSha256: text('changeset_blob_sha256').references(() => blobs.sha256),
    /** Why no changeset could be made (status `error`), in words fit for users. */
    changesetError: text('changeset_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('file_history_version_path_key').on(t.versionId, t.path),
    index('file_history_project_path_idx').on(t.projectId, t.path, t.versionNumber),
    // The v2 diff download finds a change by its diff's name.
    index('file_history_project_diff_idx')
      .on(t.projectId, t.diffPath)
      .where(sql`${t.diffPath} IS NOT NULL`),
    index('file_history_changeset_pending_idx')
      .on(t.projectId, t.versionNumber)
      .where(sql`${t.changesetStatus} = 'pending'`),
  ],
);

/** The current files of each project (a cache of file_history at the latest version). */
export const projectFiles = pgTable(
  'project_files',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    historyId: bigint('history_id', { mode: 'number' })
      .notNull()
      .references(() => fileHistory.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    checksum: text('checksum').notNull(),
    blobSha256: text('blob_sha256')
      .notNull()
      .references(() => blobs.sha256),
    mtime: timestamp('mtime', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.path] }),
    // The project list's conflict marker looks only at paths like these (rarely any), not at every file.
    index('project_files_conflict_idx')
      .on(t.projectId)
      .where(sql`${t.path} LIKE '%conflict%'`),
  ],
);

export const accessRequestStatus = pgEnum('access_request_status', ['accepted', 'declined']);

/** A request to join a private project; pending while resolved_at is null, acceptable until expire. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expire: timestamp('expire', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    status: accessRequestStatus('status'),
  },
  (t) => [
    uniqueIndex('access_requests_pending_key')
      .on(t.projectId, t.requestedBy)
      .where(sql`${t.resolvedAt} IS NULL`),
    index('access_requests_requested_by_idx').on(t.requestedBy),
  ],
);

/**
 * Push transactions in progress: the push lock. One row per project at most (the unique index is the lock), so
 * any number of server processes sharing the database agree on who is uploading. A row whose `last_ping` is
 * older than the takeover time may be replaced by a new push. Chunk bytes live on disk under
 * `DATA_DIR/uploads/<id>/`, never in the database.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The transaction id of the API. */
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The version the push starts from; it commits version + 1. */
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The validated changes (added/updated/removed with their chunk ids), as the push declared them. */
    changes: jsonb('changes').notNull(),
    userAgent: text('user_agent'),
    deviceId: text('device_id'),
    createdAt: createdAt(),
    lastPing: timestamp('last_ping', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Bytes the push declared it uploads (files, or changesets of diff updates): no chunk may go beyond. */
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull().default(0),
    /** Bytes of chunks received (or being received) so far, counted against `declared_bytes`. */
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    /** Storage the push holds in its workspace's quota until it ends (what it may add, its chunks included). */
    reservedBytes: bigint('reserved_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('uploads_project_key').on(t.projectId), index('uploads_last_ping_idx').on(t.lastPing)],
);

/**
 * v2 chunks (`POST /v2/projects/{id}/chunks`) kept until a push uses them or they expire: who uploaded each, to
 * which project, and its size, so pending bytes count against the workspace's storage.
 */
export const pendingChunks = pgTable(
  'pending_chunks',
  {
    /** The chunk's server id (its folder under `DATA_DIR/chunks`). */
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Bytes written (while the chunk arrives: the most it may take). */
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_chunks_project_idx').on(t.projectId),
    index('pending_chunks_created_idx').on(t.createdAt),
  ],
);

/**
 * Server-wide settings changed at run time (the admin panel), shared by every server process: one row per key,
 * the value as JSON. `maintenance`: `{on: boolean}`, the admin switch of read-only maintenance mode.
 */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Snapshots of the server's usage figures (the reference's `mergin_statistics`), saved every 12 hours by the
 * `usage-snapshot` job; `GET /app/admin/report` writes them as CSV. `data` holds the reference's
 * `ServerCallhomeData` fields by their names.
 */
export const usageSnapshots = pgTable(
  'usage_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    data: jsonb('data').notNull(),
  },
  (t) => [index('usage_snapshots_created_idx').on(t.createdAt, t.id)],
);

export const archiveStatus = pgEnum('archive_status', ['preparing', 'ready', 'failed']);

/**
 * Zips of a version's files prepared by the `project-archive` job (`POST /app/projects/{id}/download`), one per
 * project, version and choice of files (`selection`: '' for every file, else the SHA-256 of the chosen paths);
 * the zip is `DATA_DIR/archives/<id>.zip` once `ready`. Housekeeping removes them `ARCHIVE_KEEP_MS` after their
 * last use.
 */
export const projectArchives = pgTable(
  'project_archives',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    selection: text('selection').notNull(),
    /** The chosen paths; null for every file of the version. */
    paths: jsonb('paths').$type<string[]>(),
    status: archiveStatus('status').notNull().default('preparing'),
    /** Why preparing failed, in words for the person who asked. */
    error: text('error'),
    /** Bytes of the files going in, and of them written so far (the progress while preparing). */
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
    doneBytes: bigint('done_bytes', { mode: 'number' }).notNull().default(0),
    /** Bytes of the finished zip. */
    size: bigint('size', { mode: 'number' }),
    createdAt: createdAt(),
    /** The job run that writes the zip (a random id it claimed the row with); null until one claims it. */
    worker: uuid('worker'),
    /** Touched by the job while it writes, so a job lost with its process shows as stale. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Last asked for or downloaded: the archive expires counting from here. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_archives_key').on(t.projectId, t.version, t.selection),
    index('project_archives_used_idx').on(t.usedAt),
  ],
);
