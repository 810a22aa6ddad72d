import { z } from 'zod';
import { pushChangesSchema } from './files.ts';
import { MAX_PROJECTS_BY_NAMES } from './limits.ts';
import { projectListItemSchema } from './project.ts';
import { projectRoleSchema } from './roles.ts';
import { LIMIT_TEXTS } from './texts.ts';

/**
 * The sync calls of the desktop plugin, the mobile app and the `mergin` client besides the v1 push: projects by
 * names, and the v2 protocol (project info, chunks, versions, delta, diffs), shaped as the reference answers them
 * (reference §2 "Push/pull v2", upstream `public_api_v2.yaml`).
 */

/** Body of POST /v1/project/by_names: `namespace/name` paths. */
export const projectsByNamesRequestSchema = z.object({
  projects: z
    .array(z.string().max(256))
    .max(MAX_PROJECTS_BY_NAMES, LIMIT_TEXTS.tooManyItems(MAX_PROJECTS_BY_NAMES, 'projects'))
    .optional()
    .default([]),
});

/** Per path: the project's list item, or why not (404: none readable by that name, 401: sign in to see it). */
export const projectsByNamesResponseSchema = z.record(
  z.string(),
  z.union([projectListItemSchema, z.object({ error: z.union([z.literal(404), z.literal(401)]) })]),
);
export type ProjectsByNamesResponse = z.infer<typeof projectsByNamesResponseSchema>;

/** The reference's v2 error codes and their default details (`<text> (<code>)`). */
export const V2_ERRORS = {
  /** UploadError with the reason a push was refused. */
  uploadErrorDetail: (reason: string) => `${reason} (UploadError)`,
  /** Values of DataSyncError's `failed_files`. */
  corrupted: 'corrupted',
  syncError: (reason: string) => `sync error: ${reason}`,
  versionExists: { code: 'ProjectVersionExists', detail: 'Project version mismatch (ProjectVersionExists)' },
  anotherUpload: {
    code: 'AnotherUploadRunning',
    detail: 'Another process is running (AnotherUploadRunning)',
  },
  uploadError: { code: 'UploadError', detail: 'Project version could not be created (UploadError)' },
  dataSync: {
    code: 'DataSyncError',
    detail:
      'There are either corrupted files or it is not possible to create version with provided geopackage data (DataSyncError)',
  },
  bigChunk: {
    code: 'BigChunkError',
    detail: 'Chunk size exceeds maximum allowed size 10.0 MB (BigChunkError)',
  },
  diffDownload: {
    code: 'DiffDownloadError',
    detail: 'Required diff file could not be created (DiffDownloadError)',
  },
} as const;

/** Texts of the v2 delta's range checks, as the reference words them. */
export const DELTA_TEXTS = {
  invalidVersion:
    "Invalid version number, minimum version for 'since' is 0 and minimum version for 'to' is 0",
  toTooHigh: "The 'to' parameter exceeds latest project version",
  sinceTooHigh: (toGiven: boolean) =>
    `The 'since' parameter must be less than or equal to the ${toGiven ? "'to' parameter" : 'latest project version'}`,
} as const;

/** A file of a v2 project answer. */
export const projectFileV2Schema = z.object({
  path: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  mtime: z.string(),
});
export type ProjectFileV2 = z.infer<typeof projectFileV2Schema>;

/** GET /v2/projects/{id} (with `files` when `files_at_version` names an existing version) and the v2 push's 201. */
export const projectV2Schema = z.object({
  id: z.string(),
  name: z.string(),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  role: projectRoleSchema.nullable(),
  version: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  public: z.boolean(),
  size: z.number().int(),
  files: z.array(projectFileV2Schema).optional(),
});
export type ProjectV2 = z.infer<typeof projectV2Schema>;

export const projectV2QuerySchema = z.object({ files_at_version: z.string().optional() });

/** POST /v2/projects/{id}/chunks: the server's id of the stored chunk and until when a push may use it. */
export const chunkV2ResponseSchema = z.object({ id: z.string(), valid_until: z.string() });
export type ChunkV2Response = z.infer<typeof chunkV2ResponseSchema>;

/** Body of POST /v2/projects/{id}/versions: the v1 push body with server chunk ids, and the dry-run flag. */
export const pushV2RequestSchema = z.object({
  version: z.string({ error: 'This field is required.' }),
  changes: pushChangesSchema,
  check_only: z.boolean().optional().default(false),
});
export type PushV2Request = z.input<typeof pushV2RequestSchema>;

/** The bodies of the v2 errors: `{code, detail}` and the extra fields of each. */
export const v2ErrorSchema = z.object({
  code: z.string(),
  detail: z.string(),
  client_version: z.string().optional(),
  server_version: z.string().optional(),
  current_usage: z.number().optional(),
  storage_limit: z.number().optional(),
  failed_files: z.record(z.string(), z.string()).optional(),
});

export const deltaQuerySchema = z.object({
  since: z.string({ error: 'This field is required.' }),
  to: z.string().optional(),
});

/** One file's net change between two versions (GET /v2/projects/{id}/delta). */
export const deltaItemSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  version: z.string(),
  change: z.enum(['create', 'update', 'delete', 'update_diff']),
  diffs: z.array(z.object({ id: z.string() })).optional(),
});
export type DeltaItem = z.infer<typeof deltaItemSchema>;

export const deltaResponseSchema = z.object({ to_version: z.string(), items: z.array(deltaItemSchema) });
export type DeltaResponse = z.infer<typeof deltaResponseSchema>;

export const rawDiffQuerySchema = z.object({
  file: z.string({ error: 'This field is required.' }).max(4096),
});
