import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { MAX_PROJECTS_BATCH } from './limits.ts';
import { type OrderTerm } from './order-params.ts';
import { projectListItemSchema, type ProjectSortField } from './project.ts';
import { workspaceRoleSchema } from './roles.ts';
import { projectV2Schema } from './sync.ts';

/**
 * The project calls of the reference that address projects by id or list them by workspace (reference
 * `public_api_v2.yaml`, `public_api.yaml`): rename, immediate delete, batch, workspace projects, by_uuids.
 */

/** Longest page of GET /v2/workspaces/{id}/projects (reference: 50). */
export const MAX_WORKSPACE_PROJECTS_PAGE = 50;

/** Texts of these calls, as the reference words them. */
export const PROJECT_V2_TEXTS = {
  nameTaken: 'Name already exist within workspace',
  invalidNameCode: 'InvalidProjectName',
  batchLimit: {
    code: 'BatchLimitExceeded',
    detail: `Batch size exceeds maximum allowed size ${MAX_PROJECTS_BATCH}`,
  },
  tooManyProjects: 'Too many projects',
  workspaceNotFound: 'Workspace not found',
  noWorkspacePermission: 'You do not have permissions to workspace',
} as const;

/** Body of PATCH /v2/projects/{id}: the new name (without the workspace). */
export const renameProjectRequestSchema = z.object({ name: z.string({ error: 'This field is required.' }) });
export type RenameProjectRequest = z.infer<typeof renameProjectRequestSchema>;

/** Body of POST /v2/projects/batch. */
export const projectBatchRequestSchema = z.object({
  ids: z.array(z.uuid({ error: 'Invalid project id' }), { error: 'This field is required.' }),
});

/** An id of the batch the caller gets no project for: 404 (missing, removed, or private to an anonymous caller), 403. */
export const projectBatchErrorSchema = z.object({ id: z.string(), error: z.number().int() });

export const projectBatchResponseSchema = z.object({
  projects: z.array(z.union([projectV2Schema, projectBatchErrorSchema])),
});
export type ProjectBatchResponse = z.infer<typeof projectBatchResponseSchema>;

/** Query of GET /v1/project/by_uuids: ids separated by commas (text that is no id is skipped). */
export const projectsByUuidsQuerySchema = z.object({
  uuids: z.string({ error: 'This field is required.' }),
});
/** Answer of GET /v1/project/by_uuids: the readable projects by id. */
export const projectsByUuidsResponseSchema = z.record(z.string(), projectListItemSchema);
export type ProjectsByUuidsResponse = z.infer<typeof projectsByUuidsResponseSchema>;

/** Fields of `order_params` of the v2 workspace list (the v2 project's names) → the list's sort fields. */
const V2_SORT_FIELDS: Readonly<Record<string, ProjectSortField>> = {
  name: 'name',
  created_at: 'created',
  updated_at: 'updated',
  size: 'disk_usage',
  version: 'version',
};

/** `order_params` of GET /v2/workspaces/{id}/projects: `name ASC,updated_at DESC`; unknown terms are skipped. */
export const v2OrderParamsSchema = z
  .string()
  .optional()
  .transform((text): OrderTerm<ProjectSortField>[] => {
    const terms: OrderTerm<ProjectSortField>[] = [];
    for (const part of (text ?? '').split(',')) {
      const match = /^\s*(\S+)\s+(asc|desc)\s*$/i.exec(part);
      const field = match?.[1] ? V2_SORT_FIELDS[match[1]] : undefined;
      if (field) terms.push({ field, descending: match?.[2]?.toLowerCase() === 'desc' });
    }
    return terms.length > 0 ? terms : [{ field: 'name', descending: false }];
  });

export const workspaceProjectsParamsSchema = z.object({ workspace_id: dbIdSchema });

/** Query of GET /v2/workspaces/{id}/projects (page and per_page are required, as in the reference). */
export const workspaceProjectsQuerySchema = z.object({
  page: z.coerce.number({ error: 'This field is required.' }).int().min(1, 'page must be at least 1'),
  per_page: z.coerce
    .number({ error: 'This field is required.' })
    .int()
    .min(1)
    .max(MAX_WORKSPACE_PROJECTS_PAGE, `per_page must be at most ${MAX_WORKSPACE_PROJECTS_PAGE}`),
  order_params: v2OrderParamsSchema,
  q: z.string().optional(),
});
export type WorkspaceProjectsQuery = z.infer<typeof workspaceProjectsQuerySchema>;

export const workspaceProjectsResponseSchema = z.object({
  projects: z.array(projectV2Schema),
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type WorkspaceProjectsResponse = z.infer<typeof workspaceProjectsResponseSchema>;

/** GET /v1/user/{username} (deprecated; the name is ignored): the caller's storage and workspace roles. */
export const userPublicSchema = z.object({
  username: z.string(),
  email: z.string(),
  disk_usage: z.number(),
  storage: z.number(),
  storage_limit: z.number(),
  organisations: z.record(z.string(), workspaceRoleSchema),
});
export type UserPublic = z.infer<typeof userPublicSchema>;

/** GET /v1/latest-version: the newest release this server knows of (reference `ServerVersion`). */
export const latestVersionSchema = z.object({
  version: z.string(),
  major: z.number().int(),
  minor: z.number().int(),
  fix: z.number().int().nullable(),
  info_url: z.string().nullable(),
});
export type LatestVersion = z.infer<typeof latestVersionSchema>;
