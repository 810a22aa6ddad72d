import { z } from 'zod';
import {
  MAX_CHUNKS_PER_FILE,
  MAX_CHUNKS_PER_PUSH,
  MAX_FILES_PER_PUSH,
  MAX_PENDING_CHUNKS_PER_PROJECT,
  UPLOAD_CHUNK_SIZE,
} from './limits.ts';
import { fileHistoryItemSchema, projectDetailSchema, projectPathParamsSchema } from './project.ts';
import { LIMIT_TEXTS } from './texts.ts';
import { versionMergeSchema } from './merge.ts';
import { versionNameSchema } from './version-name.ts';

/**
 * Files and versions: the push protocol (v1), version lists and details, file history and raw downloads, shaped
 * as the reference server answers them (reference §2 "Push v1", §3).
 */

/** Chunk ids are client-made random ids (uuid4 in the Python client); they name files, so they stay plain. */
export const CHUNK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Exact texts of the push protocol and the file calls, as the reference server words them. */
export const PUSH_TEXTS = {
  versionMismatch: 'Version mismatch',
  firstPush: 'First push should be with v0',
  noChanges: 'No changes',
  notUnique: 'Not unique changes',
  invalidFile: 'File is not valid',
  alreadyUploaded: (path: string) => `File ${path} has been already uploaded`,
  notInProject: 'Update or remove changes contain files that are not in project',
  unsupportedName: (path: string) =>
    `Unsupported file name detected: '${path}'. Please remove the invalid characters.`,
  unsupportedType: (path: string) =>
    `Unsupported file type detected: '${path}'. Please remove the file or try compressing it into a ZIP file before uploading.`,
  trailingSpace: (path: string) =>
    `Folder name contains a trailing space. Please remove the space in: '${path}'.`,
  anotherProcess: 'Another process is running. Please try later.',
  storageLimit: 'You have reached a data limit (StorageLimitHit)',
  tooManyFiles: `Too many files in one push (at most ${MAX_FILES_PER_PUSH})`,
  tooManyChunks: `Too many chunks in one push (at most ${MAX_CHUNKS_PER_PUSH})`,
  invalidChunkId: 'Invalid chunk id',
  /** The chunk ids of a file cannot carry its declared size: too few for its size, or more than its bytes. */
  chunkCount: (path: string) =>
    `Chunks do not match the size of ${path}: at least one per ${UPLOAD_CHUNK_SIZE} bytes, and no more than its bytes`,
  /** A chunk whose bytes would go beyond the sizes the push declared for its files. */
  beyondDeclaredSize: 'Chunk goes beyond the declared size of its file',
  /** v2: more chunks uploaded to a project and not used by a push yet than one push may use. */
  tooManyPendingChunks: `Too many chunks waiting for a push in this project (at most ${MAX_PENDING_CHUNKS_PER_PROJECT})`,
  /** A declared checksum that is no SHA-1 (40 hexadecimal digits). */
  invalidChecksum: (path: string) =>
    `Invalid checksum of '${path}': expected a SHA-1 of 40 hexadecimal digits`,
  tooBigChunk: 'Too big chunk',
  uploadCanceled: 'Upload was probably canceled',
  uploadForbidden: 'You do not have permissions for ongoing upload',
  versionExists: (version: string) => `There is already version with this name ${version}`,
  /** Pushed changesets (`diff`) that do not apply to the server's files, or are no changesets at all. */
  diffFailed: (failures: ReadonlyArray<{ path: string; reason: string }>) =>
    `Failed to create new version: ${failures.map(({ path, reason }) => `${path} error=sync error: ${reason}`).join('\n')}`,
  /** A `diff` declared for a file that is not a GeoPackage or SQLite database. */
  diffNotVersioned: (path: string) =>
    `Changesets are only for GeoPackage and SQLite files (.gpkg, .sqlite): ${path}`,
} as const;

export const FILE_TEXTS = {
  versionNotFound: 'Project at requested version does not exist',
  sinceAndVersion: "Parameters 'since' and 'version' are mutually exclusive",
  fileNotFound: (path: string) => `File ${path} not found`,
  /** The reference's text, stray parenthesis included. */
  noDiffInFile: (path: string) => `No diff in particular file ${path})`,
  noDiffInVersion: (path: string) => `No diff in particular file ${path} version`,
  diffNeedsVersion: 'Changeset must be requested for particular file version',
} as const;

/** Texts of GET /v1/resource/changesets, as the reference words them. */
export const CHANGESET_API_TEXTS = {
  versionNotFound: (version: string, namespace: string, name: string) =>
    `Version ${version} in project ${namespace}/${name} not found`,
  fileNotFound: (path: string) => `File ${path} not found`,
  diffNotFound: 'Diff not found',
  notCalculated: (reason: string) => `Change set could not be calculated: ${reason}`,
  /** The reason shown when the engine failed for a cause that is the server's, not the file's. */
  internalReason: 'the changeset could not be read on the server',
  /** Recorded when the engine failed to compare a file with its previous version for a cause that is the server's. */
  computeFailedReason: 'the file could not be compared with its previous version on the server',
} as const;

/** Query of GET /v1/resource/changesets/{namespace}/{name}/{version}. */
export const changesetDetailQuerySchema = z.object({
  path: z.string({ error: 'This field is required.' }),
});

export const changesetDetailParamsSchema = projectPathParamsSchema.extend({ version: z.string() });

/** The changeset file of a diff update. */
export const fileDiffSchema = z.object({ path: z.string(), size: z.number().int(), checksum: z.string() });
export type FileDiff = z.infer<typeof fileDiffSchema>;

/** How a version changed a file, as the API names it (the database keeps create/update/update_diff/delete). */
export const fileChangeNameSchema = z.enum(['added', 'updated', 'removed']);
export type FileChangeName = z.infer<typeof fileChangeNameSchema>;

/** A changed file in a version's detail (GET /v1/project/version/{id}/{version}). */
export const versionFileChangeSchema = fileHistoryItemSchema.extend({
  mtime: z.string(),
  expiration: z.string().nullable().optional(),
});
export type VersionFileChange = z.infer<typeof versionFileChangeSchema>;

/** Query of GET /v1/project/{namespace}/{name}: the latest files, with history since vN, or a past version. */
export const projectInfoQuerySchema = z.object({
  since: z.string().optional(),
  version: z.string().optional(),
});
export type ProjectInfoQuery = z.infer<typeof projectInfoQuerySchema>;

/** One file entry of a push: `chunks` are the ids the client will upload, in order. */
export const pushFileSchema = z.object({
  path: z.string({ error: 'Not a valid string.' }),
  checksum: z.string({ error: 'Not a valid string.' }),
  size: z.number({ error: 'Not a valid integer.' }).int('Not a valid integer.').nonnegative(),
  mtime: z.unknown().optional(),
  chunks: z
    .array(z.string())
    .max(MAX_CHUNKS_PER_FILE, LIMIT_TEXTS.tooManyItems(MAX_CHUNKS_PER_FILE, 'chunks of one file'))
    .optional()
    .default([]),
  diff: z
    .object({
      path: z.string(),
      checksum: z.string(),
      size: z.number().int().nonnegative(),
      mtime: z.unknown().optional(),
    })
    .nullish(),
  /** Waymark's own (the web app's uploads): the version the file was based on, for a merge (merge.ts). */
  base_version: versionNameSchema.optional(),
});
export type PushFile = z.infer<typeof pushFileSchema>;
export type PushFileInput = z.input<typeof pushFileSchema>;

export const pushChangesSchema = z.object({
  added: z.array(pushFileSchema).max(MAX_FILES_PER_PUSH, PUSH_TEXTS.tooManyFiles).optional().default([]),
  updated: z.array(pushFileSchema).max(MAX_FILES_PER_PUSH, PUSH_TEXTS.tooManyFiles).optional().default([]),
  removed: z.array(pushFileSchema).max(MAX_FILES_PER_PUSH, PUSH_TEXTS.tooManyFiles).optional().default([]),
});
export type PushChanges = z.infer<typeof pushChangesSchema>;

/** Body of POST /v1/project/push/{namespace}/{name}; the first push of a project is from `v0`. */
export const pushRequestSchema = z.object({
  version: z.string({ error: 'This field is required.' }),
  changes: pushChangesSchema,
});
export type PushRequest = z.input<typeof pushRequestSchema>;

/** A push that needs uploads answers its transaction id. */
export const pushTransactionSchema = z.object({ transaction: z.string() });
export type PushTransaction = z.infer<typeof pushTransactionSchema>;

/** POST /v1/project/push: a transaction to upload to, or (a push with only `removed`) the updated project. */
export const pushStartResponseSchema = z.union([pushTransactionSchema, projectDetailSchema]);
export type PushStartResponse = z.infer<typeof pushStartResponseSchema>;

/** POST /v1/project/push/chunk/{transaction}/{chunk}: what the server received (SHA-1 hex and bytes). */
export const chunkResponseSchema = z.object({ checksum: z.string(), size: z.number().int() });
export type ChunkResponse = z.infer<typeof chunkResponseSchema>;

export const pushTransactionParamsSchema = z.object({ transaction: z.string() });
export const pushChunkParamsSchema = z.object({ transaction: z.string(), chunk: z.string() });

/** 422 of push/finish when uploaded files do not match what the push declared. */
export const corruptedFilesResponseSchema = z.object({
  detail: z.object({ corrupted_files: z.array(z.string()) }),
});

/** Counts per change kind in a version list row. */
export const versionChangeCountsSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  updated_diff: z.number().int(),
  removed: z.number().int(),
});

/** One row of GET /v1/project/versions/paginated/{namespace}/{name}. */
export const projectVersionListItemSchema = z.object({
  name: z.string(),
  author: z.string().nullable(),
  created: z.string(),
  project_name: z.string(),
  namespace: z.string(),
  project_size: z.number().int(),
  changes: versionChangeCountsSchema,
  /** Waymark's own: the version a restore brought back (`vN`); absent for pushes. */
  restored_from: z.string().optional(),
});
export type ProjectVersionListItem = z.infer<typeof projectVersionListItemSchema>;

export const projectVersionsPageSchema = z.object({
  versions: z.array(projectVersionListItemSchema),
  count: z.number().int(),
});
export type ProjectVersionsPage = z.infer<typeof projectVersionsPageSchema>;

const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'True' || value === '1');

/** Query of the version list: newest first unless `descending=false`. */
export const projectVersionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
  per_page: z.coerce.number().int().min(1).max(100, 'per_page must be at most 100').default(50),
  descending: queryFlag.optional().default(true),
});
export type ProjectVersionsQuery = z.infer<typeof projectVersionsQuerySchema>;

/** Per changed GeoPackage: its changeset summary, or why there is none. */
export const changesetSummarySchema = z.union([
  z.object({
    summary: z.array(
      z.object({
        table: z.string(),
        insert: z.number().int(),
        update: z.number().int(),
        delete: z.number().int(),
      }),
    ),
    size: z.number().int(),
  }),
  z.object({ error: z.string(), size: z.number().int() }),
]);
export type ChangesetSummary = z.infer<typeof changesetSummarySchema>;

/** One column of a changed row in GET /v1/resource/changesets: geometry as WKT, other blobs as base64. */
export const columnChangeSchema = z.object({
  column: z.number().int(),
  name: z.string(),
  type: z.string(),
  old: z.union([z.string(), z.number(), z.null()]).optional(),
  new: z.union([z.string(), z.number(), z.null()]).optional(),
});

/** GET /v1/resource/changesets/{namespace}/{name}/{version}?path= — every changed row of one file in a version. */
export const changesetDetailSchema = z.array(
  z.object({
    table: z.string(),
    type: z.enum(['insert', 'update', 'delete']),
    changes: z.array(columnChangeSchema),
  }),
);
export type ChangesetDetail = z.infer<typeof changesetDetailSchema>;

/** GET /v1/project/version/{project id}/{version} */
export const projectVersionDetailSchema = z.object({
  name: z.string(),
  author: z.string().nullable(),
  created: z.string(),
  project_name: z.string(),
  namespace: z.string(),
  user_agent: z.string().nullable(),
  project_size: z.number().int(),
  changes: z.object({
    added: z.array(versionFileChangeSchema),
    updated: z.array(versionFileChangeSchema),
    removed: z.array(versionFileChangeSchema),
  }),
  changesets: z.record(z.string(), changesetSummarySchema),
  /** Waymark's own: the version a restore brought back (`vN`); absent for pushes. */
  restored_from: z.string().optional(),
  /** Waymark's own: a browser upload based on an older version, merged (merge.ts); absent otherwise. */
  merge: versionMergeSchema.optional(),
});
export type ProjectVersionDetail = z.infer<typeof projectVersionDetailSchema>;

export const projectVersionParamsSchema = z.object({ id: z.string(), version: z.string() });

/** Query of GET /v1/resource/history/{namespace}/{name}. */
export const resourceHistoryQuerySchema = z.object({
  path: z.string({ error: 'This field is required.' }),
});

/** GET /v1/resource/history/{namespace}/{name}?path= — the file as last stored, and every version of it. */
export const resourceHistorySchema = z.object({
  path: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  mtime: z.string(),
  diff: fileDiffSchema.optional(),
  history: z.record(z.string(), fileHistoryItemSchema),
});
export type ResourceHistory = z.infer<typeof resourceHistorySchema>;

/** Query of GET /v1/project/raw/{namespace}/{name}: one file (or its changeset) at the latest or a given version. */
export const rawFileQuerySchema = z.object({
  file: z.string({ error: 'This field is required.' }),
  /** An empty `version=` means the latest, as the reference reads it (`if version`). */
  version: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  diff: queryFlag.optional(),
  /** The web app adds a random value to defeat caches; ignored. */
  random: z.string().optional(),
});
export type RawFileQuery = z.infer<typeof rawFileQuerySchema>;
