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
import { users, workspaces } from './accounts.ts';
import { createdAt } from './columns.ts';
import type { VersionMerge } from '@waymark/contract';

/** One table's row counts in a changeset summary. */
export type ChangesetTableSummary = { table: string; insert: number; update: number; delete: number };

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
    // A project list's page in its default order (newest first), chosen from this index alone before any row is
    // read: its keys are the order (ties by name, then id) and it carries what the visibility test reads (the
    // workspace, public; the id for the member test), so the walk to the 25th visible project reads a few index
    // pages instead of every project it passes (bench/api/README.md, sixth pass).
    index('projects_list_updated_idx')
      .on(t.updatedAt.desc().nullsFirst(), sql`lower(${t.name})`, t.id, t.workspaceId, t.public, t.name)
      .where(sql`${t.removedAt} IS NULL`),
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
    /** A browser upload based on an older version that was merged (contract `VersionMerge`); null otherwise. */
    merge: jsonb('merge').$type<VersionMerge>(),
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
    // The project list's conflict marker looks only at paths like these (rarely any), not at every file; with the
    // path in the index it reads nothing else (without it, once the table is vacuumed, a generic plan preferred an
    // index-only scan of the primary key: every file of the project).
    index('project_files_conflict_idx')
      .on(t.projectId, t.path)
      .where(sql`${t.path} LIKE '%conflict%'`),
    // A push reads the current files it names in their Unicode NFC forms too (the same file on macOS and
    // Windows): through this index, not by normalising every path of the project.
    index('project_files_nfc_idx').on(t.projectId, sql`normalize(${t.path}, NFC)`),
    // A commit counts a project's QGIS project files (its tags) through these few rows, not every file.
    index('project_files_qgis_idx')
      .on(t.projectId)
      .where(sql`${t.path} ~* '\\.(qgs|qgz)$'`),
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
