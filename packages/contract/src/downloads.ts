import { z } from 'zod';
import { MAX_FILE_PATH_LENGTH } from './file-paths.ts';
import { LIMIT_TEXTS } from './texts.ts';

// ---------------------------------------------------------------------------------------------------------------
// The usage report of the admin panel (GET /app/admin/report, the reference's stats API)

/** The report's columns, in the reference's order (its `ServerCallhomeData` fields, then `created_at`). */
export const USAGE_REPORT_COLUMNS = [
  'service_uuid',
  'url',
  'contact_email',
  'licence',
  'projects_count',
  'users_count',
  'workspaces_count',
  'last_change',
  'server_version',
  'monthly_contributors',
  'editors',
  'sso_connections',
  'created_at',
] as const;

/** The usage figures of one snapshot: every column but `created_at`. */
export type UsageSnapshotData = Record<
  Exclude<(typeof USAGE_REPORT_COLUMNS)[number], 'created_at'>,
  string | number | null
>;

export const USAGE_REPORT_TEXTS = {
  invalidDate: 'Invalid date format',
  fileName: 'usage-report.csv',
} as const;

/** `YYYY-MM-DD`, a real day of the calendar (as Python's `strptime` accepts it). */
const reportDateSchema = z.string({ error: USAGE_REPORT_TEXTS.invalidDate }).refine((text) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}, USAGE_REPORT_TEXTS.invalidDate);

/** Query of GET /app/admin/report: both days included, in UTC. */
export const usageReportQuerySchema = z.object({ date_from: reportDateSchema, date_to: reportDateSchema });
export type UsageReportQuery = z.infer<typeof usageReportQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Zips of chosen files of a version (GET/POST /app/projects/{id}/download, the reference's private API)

/** Bytes of files one zip may hold (the reference's MAX_DOWNLOAD_ARCHIVE_SIZE, 10 GiB). */
export const MAX_ARCHIVE_BYTES = 10 * 1024 ** 3;
/** Paths one request may choose. */
export const MAX_ARCHIVE_FILES = 10_000;

/** A prepared zip's key: the SHA-256 of the chosen paths (hex). */
const selectionSchema = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid selection');

/** Query of both calls: the version (latest without one; an empty value is the latest too, as raw downloads). */
export const projectArchiveQuerySchema = z.object({
  version: z.string().optional(),
  /** GET only: which zip of chosen files (the `Location` of the POST names it); none for every file. */
  selection: selectionSchema.optional(),
});
export type ProjectArchiveQuery = z.infer<typeof projectArchiveQuerySchema>;

/** Body of POST /app/projects/{id}/download: the chosen files; no body (or no `files`) for every file. */
export const projectArchiveRequestSchema = z
  .object({
    files: z
      .array(z.string().min(1).max(MAX_FILE_PATH_LENGTH))
      .min(1, 'At least one file is required')
      .max(MAX_ARCHIVE_FILES, LIMIT_TEXTS.tooManyItems(MAX_ARCHIVE_FILES, 'files'))
      .optional(),
  })
  .nullish();
export type ProjectArchiveRequest = z.infer<typeof projectArchiveRequestSchema>;

/** 201 of the POST (a job started) and 202 of the GET (still being prepared): the text and the progress. */
export const projectArchiveStateSchema = z.object({
  detail: z.string(),
  /** Bytes of the files going in, and of them written so far (0 and 0 when not known). */
  total_bytes: z.number().int(),
  done_bytes: z.number().int(),
});
export type ProjectArchiveState = z.infer<typeof projectArchiveStateSchema>;

export const ARCHIVE_TEXTS = {
  /** 201 of the POST (the reference's text). */
  started: 'Project zip creation started',
  /** 202 of the GET (the reference's text). */
  preparing: 'Project zip being prepared',
  versionMissing: 'Project version does not exist',
  fileMissing: (path: string, version: string) => `File ${path} not found in version ${version}`,
  tooLarge: 'The files are too large to download as one zip: at most 10 GB at once.',
  /** GET of a choice of files nobody asked to prepare (or whose zip has expired): 404. */
  notRequested: 'This zip has not been requested or has expired: prepare it again.',
  /** GET of a zip whose preparation failed: 422. */
  failed: (reason: string) => `The zip could not be prepared: ${reason}`,
  filesMissing: 'files of the project are missing on the server',
  storageFull: 'the server has no room left for it',
} as const;
