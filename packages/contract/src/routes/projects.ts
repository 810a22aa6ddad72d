import { z } from 'zod';
import { fileStreamResponseSchema } from '../ids.ts';
import {
  cloneProjectRequestSchema,
  createProjectRequestSchema,
  namespaceParamsSchema,
  projectDetailSchema,
  projectDownloadQuerySchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectPathParamsSchema,
  projectTemplateSchema,
  publicFlagRequestSchema,
  updateProjectPartialResponseSchema,
  updateProjectRequestSchema,
} from '../project.ts';
import {
  projectBatchRequestSchema,
  projectBatchResponseSchema,
  projectsByUuidsQuerySchema,
  projectsByUuidsResponseSchema,
  renameProjectRequestSchema,
  workspaceProjectsParamsSchema,
  workspaceProjectsQuerySchema,
  workspaceProjectsResponseSchema,
} from '../projects-v2.ts';
import { projectsByNamesRequestSchema, projectsByNamesResponseSchema } from '../sync.ts';
import type { RouteTable } from './route.ts';
import { emptyResponses, noContentResponses, projectById, projectByPath } from './shared.ts';

/** Projects: the Mergin v1 calls, the v2 schedule-delete and the web app's private calls. */
export const projectRoutes = {
  list: {
    method: 'GET',
    path: '/v1/project/paginated',
    query: projectListQuerySchema,
    responses: { 200: projectListResponseSchema },
  },
  create: {
    method: 'POST',
    path: '/v1/project/:namespace',
    params: namespaceParamsSchema,
    body: createProjectRequestSchema,
    responses: emptyResponses,
  },
  downloadZip: {
    method: 'GET',
    path: '/v1/project/download/:namespace/:name',
    params: projectPathParamsSchema,
    query: projectDownloadQuerySchema,
    responses: { 200: fileStreamResponseSchema },
  },
  byUuid: {
    method: 'GET',
    path: '/v1/project/by_uuid/:id',
    params: projectIdParamsSchema,
    responses: { 200: projectDetailSchema },
  },
  // Static path: wins over `/v1/project/:namespace` (a workspace named `by_names` keeps its projects elsewhere).
  byNames: {
    method: 'POST',
    path: '/v1/project/by_names',
    body: projectsByNamesRequestSchema,
    responses: { 200: projectsByNamesResponseSchema },
  },
  // Some changes applied, some usernames skipped: the reference answers 207 Multi-Status.
  updateAccess: {
    method: 'PUT',
    ...projectByPath,
    body: updateProjectRequestSchema,
    responses: { 200: projectDetailSchema, 207: updateProjectPartialResponseSchema },
  },
  clone: {
    method: 'POST',
    path: '/v1/project/clone/:namespace/:name',
    params: projectPathParamsSchema,
    body: cloneProjectRequestSchema.nullish(),
    responses: emptyResponses,
  },
  scheduleDelete: {
    method: 'POST',
    path: '/v2/projects/:id/scheduleDelete',
    params: projectIdParamsSchema,
    responses: noContentResponses,
  },
  setPublic: {
    method: 'PATCH',
    path: '/app/project/:id/public',
    params: projectIdParamsSchema,
    body: publicFlagRequestSchema,
    responses: noContentResponses,
  },
  unsubscribe: {
    method: 'POST',
    path: '/app/project/unsubscribe/:id',
    params: projectIdParamsSchema,
    responses: emptyResponses,
  },
  templates: {
    method: 'GET',
    path: '/app/project/templates',
    responses: { 200: z.array(projectTemplateSchema) },
  },
} as const satisfies RouteTable;

/** The reference's project calls by id and by workspace: rename, delete (soft and now), batch, by_uuids, lists. */
export const projectByIdRoutes = {
  // The reference answers 200 with no body: the project is scheduled for deletion as the web app's delete does.
  deleteByName: {
    method: 'DELETE',
    ...projectByPath,
    responses: { 200: z.undefined() },
  },
  byUuids: {
    method: 'GET',
    path: '/v1/project/by_uuids',
    query: projectsByUuidsQuerySchema,
    responses: { 200: projectsByUuidsResponseSchema },
  },
  deleteNow: {
    method: 'DELETE',
    ...projectById,
    responses: noContentResponses,
  },
  rename: {
    method: 'PATCH',
    ...projectById,
    body: renameProjectRequestSchema,
    responses: noContentResponses,
  },
  batch: {
    method: 'POST',
    path: '/v2/projects/batch',
    body: projectBatchRequestSchema,
    responses: { 200: projectBatchResponseSchema },
  },
  workspaceProjects: {
    method: 'GET',
    path: '/v2/workspaces/:workspace_id/projects',
    params: workspaceProjectsParamsSchema,
    query: workspaceProjectsQuerySchema,
    responses: { 200: workspaceProjectsResponseSchema },
  },
} as const satisfies RouteTable;
