import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
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
