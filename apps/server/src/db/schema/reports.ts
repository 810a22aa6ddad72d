import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

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
