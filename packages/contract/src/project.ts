import { z } from 'zod';
import { MAX_ACCESS_LIST_NAMES, PROJECT_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from './limits.ts';
import { type OrderTerm, orderParamsSchema } from './order-params.ts';
import { projectRoleSchema } from './roles.ts';
import { ERROR_TEXTS, LIMIT_TEXTS } from './texts.ts';

/** Words the reference server refuses as project names. */
const RESERVED_PROJECT_NAMES =
  /^(support|helpdesk|merginmaps|lutraconsulting|mergin|lutra|input|admin|sales)$/;
/** Names Windows cannot store as a file or folder (the reference validates names as file names). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Errors of the project calls, as the reference server words them. */
export const PROJECT_TEXTS = {
  /** A missing or removed project: Werkzeug's plain 404 text, as the reference's `first_or_404()`. */
  notFound: ERROR_TEXTS.urlNotFound,
  noPermission: 'You do not have permissions for this project',
  noWorkspacePermission: 'You do not have permissions for this workspace',
  workspaceMissing: 'Workspace does not exist',
  workspaceMissingOwn: 'Workspace does not exist. Please try updating to the newest version',
  exists: 'Project with the same name already exists',
  ownerCannotLeave: 'Owner cannot leave a project',
  scheduledForDeletion: (wait: string) =>
    `Project with the same name is scheduled for deletion, you can create a project with this name in ${wait}`,
} as const;

export const PROJECT_NAME_TEXTS = {
  empty: 'Project name cannot be empty',
  characters: 'Please use only alphanumeric or the following -_. characters.',
  firstCharacter: 'Value can not start with space or dot.',
  invalid: 'The provided value is invalid.',
  /** The reference says only 'The provided value is invalid.' here; the limit is worth telling. */
  tooLong: `Project name can be at most ${PROJECT_NAME_MAX_LENGTH} characters long.`,
} as const;

/** The reference server's project name rules; returns the error text or null when the name is valid. */
export function projectNameError(raw: string | null | undefined): string | null {
  const name = raw?.trim() ?? '';
  if (!name) return PROJECT_NAME_TEXTS.empty;
  if (!/^[\p{L}\p{N}_\s.-]+$/u.test(name)) return PROJECT_NAME_TEXTS.characters;
  if (/^[\s.]/.test(name)) return PROJECT_NAME_TEXTS.firstCharacter;
  if (RESERVED_PROJECT_NAMES.test(name)) return PROJECT_NAME_TEXTS.invalid;
  if (name.length > PROJECT_NAME_MAX_LENGTH) return PROJECT_NAME_TEXTS.tooLong;
  if (WINDOWS_RESERVED.test(name) || /[\s.]$/.test(name)) return PROJECT_NAME_TEXTS.invalid;
  return null;
}

export const projectAccessSchema = z.object({
  owners: z.array(z.number().int()),
  writers: z.array(z.number().int()),
  editors: z.array(z.number().int()),
  readers: z.array(z.number().int()),
  public: z.boolean(),
  ownersnames: z.array(z.string()),
  writersnames: z.array(z.string()),
  editorsnames: z.array(z.string()),
  readersnames: z.array(z.string()),
});
export type ProjectAccess = z.infer<typeof projectAccessSchema>;

export const projectPermissionsSchema = z.object({
  upload: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
});
export type ProjectPermissions = z.infer<typeof projectPermissionsSchema>;

/** A change of one file in a `history` map: `GET /v1/project/{ns}/{name}?since=vN` and the resource history. */
export const fileHistoryItemSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  change: z.enum(['added', 'updated', 'removed']),
  diff: z.object({ path: z.string(), size: z.number().int(), checksum: z.string() }).optional(),
});
export type FileHistoryItem = z.infer<typeof fileHistoryItemSchema>;

export const projectFileSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  mtime: z.string(),
  diff: z.object({ path: z.string(), size: z.number().int(), checksum: z.string() }).optional(),
  /** Only with `?since=vN`: per version name, the file's changes since then (GeoPackages; `{}` for others). */
  history: z.record(z.string(), fileHistoryItemSchema).optional(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

/** One row of GET /v1/project/paginated. */
export const projectListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  workspace_id: z.number().int(),
  access: projectAccessSchema,
  permissions: projectPermissionsSchema,
  role: projectRoleSchema.nullable(),
  version: z.string(),
  updated: z.string(),
  created: z.string(),
  creator: z.number().int().nullable(),
  disk_usage: z.number(),
  tags: z.array(z.string()),
  has_conflict: z.boolean(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

/** GET /v1/project/{namespace}/{name} */
export const projectDetailSchema = projectListItemSchema.extend({
  public: z.boolean(),
  removed_at: z.string().nullable(),
  locked_until: z.string().nullable(),
  uploads: z.array(z.unknown()),
  files: z.array(projectFileSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const projectListResponseSchema = z.object({
  projects: z.array(projectListItemSchema),
  count: z.number().int(),
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** A boolean in a query string: `true`/`false` (any case the reference sends) or `1`/`0`. */
export const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'True' || value === '1');

/** Fields the project list sorts by (order_params), besides the reference's aliases. */
export const PROJECT_SORT_FIELDS = [
  'name',
  'updated',
  'created',
  'disk_usage',
  'version',
  'namespace',
] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];
export type ProjectSort = OrderTerm<ProjectSortField>[];

/** `order_params` of the project list: aliases of the reference, a bare field sorts descending, newest first. */
export const projectOrderParamsSchema = orderParamsSchema<ProjectSortField>({
  fields: PROJECT_SORT_FIELDS,
  aliases: { workspace: 'namespace', 'meta.size': 'disk_usage', owner: 'namespace' },
  bareDescending: true,
  fallback: [{ field: 'updated', descending: true }],
});

/** Query of GET /v1/project/paginated (reference names; unknown sort fields are ignored). */
export const projectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
  per_page: z.coerce.number().int().min(1).max(100, 'per_page must be at most 100').default(50),
  order_params: projectOrderParamsSchema,
  name: z.string().optional(),
  namespace: z.string().optional(),
  only_namespace: z.string().optional(),
  user: z.string().optional(),
  flag: z.enum(['created', 'shared']).optional(),
  last_updated_in: z.coerce
    .number()
    .int()
    .positive()
    .max(36_500, 'last_updated_in must be at most 36500 days')
    .optional(),
  as_admin: queryBooleanSchema.optional(),
  public: queryBooleanSchema.optional(),
  only_public: queryBooleanSchema.optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

/** Body of POST /v1/project/{namespace}. */
export const createProjectRequestSchema = z.object({
  name: z.string({ error: 'This field is required.' }),
  public: z.boolean().optional().default(false),
  template: z.string().nullable().optional(),
});
export type CreateProjectRequest = z.infer<typeof createProjectRequestSchema>;

/** Body of POST /v1/project/clone/{namespace}/{name}: both default to the source's. */
export const cloneProjectRequestSchema = z.object({
  namespace: z.string().optional(),
  project: z.string().optional(),
});
export type CloneProjectRequest = z.infer<typeof cloneProjectRequestSchema>;

/** Body of PATCH /app/project/{id}/public. */
export const publicFlagRequestSchema = z.object({ public: z.boolean() });

/**
 * One access list of an update: at most MAX_ACCESS_LIST_NAMES names, none longer than a username can be. Names
 * are kept as sent (no trimming): unknown ones are reported back in `invalid_usernames`, as the reference does.
 */
const accessListSchema = z
  .array(z.string().max(USERNAME_MAX_LENGTH, LIMIT_TEXTS.usernameTooLong))
  .max(MAX_ACCESS_LIST_NAMES, LIMIT_TEXTS.tooManyItems(MAX_ACCESS_LIST_NAMES, 'usernames'));

/** Body of PUT /v1/project/{namespace}/{name}: access by role name lists. */
export const updateProjectRequestSchema = z.object({
  access: z
    .object({
      ownersnames: accessListSchema.optional(),
      writersnames: accessListSchema.optional(),
      editorsnames: accessListSchema.optional(),
      readersnames: accessListSchema.optional(),
      public: z.boolean().optional(),
    })
    .default({}),
});
export type UpdateProjectRequest = z.infer<typeof updateProjectRequestSchema>;

/** The reference's error of an access update naming unknown or inactive users (422, or 207 when some applied). */
export const UPDATE_PROJECT_ACCESS_ERROR = {
  code: 'UpdateProjectAccessError',
  detail: 'Project access could not be updated (UpdateProjectAccessError)',
} as const;

/** PUT /v1/project/{namespace}/{name} answer 207: some changes applied, some usernames rejected. */
export const updateProjectPartialResponseSchema = z.object({
  code: z.literal(UPDATE_PROJECT_ACCESS_ERROR.code),
  detail: z.string(),
  invalid_usernames: z.array(z.string()),
  invalid_ids: z.array(z.number().int()),
  project: projectDetailSchema,
});
export type UpdateProjectPartialResponse = z.infer<typeof updateProjectPartialResponseSchema>;

/** One entry of GET /app/project/templates. */
export const projectTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  version: z.string(),
});

export const namespaceParamsSchema = z.object({ namespace: z.string() });
export const projectPathParamsSchema = z.object({ namespace: z.string(), name: z.string() });
export const projectIdParamsSchema = z.object({ id: z.uuid({ error: 'Invalid project id' }) });

/** Query of GET /v1/project/download/{namespace}/{name}: a zip of the latest or a given version. */
export const projectDownloadQuerySchema = z.object({
  format: z.enum(['zip'], { error: 'Only the zip format is supported' }).default('zip'),
  version: z.string().optional(),
});

/** Files named like conflict copies made by the sync clients (reference regex). */
export const CONFLICT_FILE_PATTERN = /(\.gpkg|\.qgs|.qgz)(.*conflict.*)|( \(.*conflict.*)/;
