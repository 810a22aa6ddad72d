import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

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
 * The chunks of a push transaction present on disk, one row per chunk written (by its index in the transaction's
 * chunk list): a v1 chunk request removes the row of an earlier write of its chunk before it writes (in the
 * statement that takes the bytes from the budget) and adds its own once the bytes are complete (in the one that
 * keeps the transaction alive). A row found there at that moment means another write of the chunk ended meanwhile:
 * the bytes of the two may be mixed, so the row is kept without a size (the chunk counts as missing). A chunk
 * whose bytes are where its file's are (`file-<n>`) has the token of its write; one found equal to its place in a
 * stored blob has that blob's SHA-256; one stored whole (`<index>`, or a v2 chunk linked in) has neither.
 */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    /** The chunk's bytes; null: two writes ended at once (missing). */
    size: bigint('size', { mode: 'number' }),
    /** A chunk written at its place in its file: the token naming that write (the running hashes' key). */
    token: text('token'),
    /** A chunk found equal to its place in a stored blob: that blob's SHA-256. */
    held: text('held'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.index] })],
);

/**
 * v2 chunks (`POST /v2/projects/{id}/chunks`) kept until a push uses them or they expire: who uploaded each, to
 * which project, and its size, so pending bytes count against the workspace's storage.
 */
export const pendingChunks = pgTable(
  'pending_chunks',
  {
    /** The chunk's server id (its file under `DATA_DIR/chunks`). */
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
