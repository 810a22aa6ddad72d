import { z } from 'zod';
import { diagnosticLogSchema } from '../admin.ts';
import {
  chunkResponseSchema,
  projectVersionDetailSchema,
  pushChunkParamsSchema,
  pushRequestSchema,
  pushStartResponseSchema,
  pushTransactionParamsSchema,
} from '../files.ts';
import { fileStreamResponseSchema, noContentResponseSchema } from '../ids.ts';
import { projectDetailSchema, projectIdParamsSchema, projectPathParamsSchema } from '../project.ts';
import { restoreRequestSchema } from '../restore.ts';
import {
  chunkV2ResponseSchema,
  deltaQuerySchema,
  deltaResponseSchema,
  projectV2QuerySchema,
  projectV2Schema,
  pushV2RequestSchema,
  rawDiffQuerySchema,
  v2ErrorSchema,
} from '../sync.ts';
import type { RouteTable } from './route.ts';
import { emptyResponses, fileBytesResponses, projectById } from './shared.ts';

/** The v1 push protocol: start, chunks (raw bytes of any content type), finish, cancel. */
export const pushRoutes = {
  start: {
    method: 'POST',
    path: '/v1/project/push/:namespace/:name',
    params: projectPathParamsSchema,
    body: pushRequestSchema,
    responses: { 200: pushStartResponseSchema },
  },
  chunk: {
    method: 'POST',
    path: '/v1/project/push/chunk/:transaction/:chunk',
    params: pushChunkParamsSchema,
    responses: { 200: chunkResponseSchema },
  },
  finish: {
    method: 'POST',
    path: '/v1/project/push/finish/:transaction',
    params: pushTransactionParamsSchema,
    responses: { 200: projectDetailSchema },
  },
  cancel: {
    method: 'POST',
    path: '/v1/project/push/cancel/:transaction',
    params: pushTransactionParamsSchema,
    responses: emptyResponses,
  },
} as const satisfies RouteTable;

/** The v2 sync calls: project info, chunks (raw bytes), versions (one-call push), restore, delta and diffs. */
export const syncV2Routes = {
  project: {
    method: 'GET',
    ...projectById,
    query: projectV2QuerySchema,
    responses: { 200: projectV2Schema },
  },
  chunk: {
    method: 'POST',
    path: '/v2/projects/:id/chunks',
    params: projectIdParamsSchema,
    responses: { 200: chunkV2ResponseSchema, 413: v2ErrorSchema },
  },
  createVersion: {
    method: 'POST',
    path: '/v2/projects/:id/versions',
    params: projectIdParamsSchema,
    body: pushV2RequestSchema,
    responses: { 201: projectV2Schema, 204: noContentResponseSchema, 409: v2ErrorSchema, 422: v2ErrorSchema },
  },
  // Waymark's own (issue 28): a new version whose files equal a past version's, all or some of them.
  restore: {
    method: 'POST',
    path: '/v2/projects/:id/restore',
    params: projectIdParamsSchema,
    body: restoreRequestSchema,
    responses: { 201: projectVersionDetailSchema, 409: v2ErrorSchema },
  },
  delta: {
    method: 'GET',
    path: '/v2/projects/:id/delta',
    params: projectIdParamsSchema,
    query: deltaQuerySchema,
    responses: { 200: deltaResponseSchema },
  },
  rawDiff: {
    method: ['GET', 'HEAD'],
    path: '/v2/projects/:id/raw/diff',
    params: projectIdParamsSchema,
    query: rawDiffQuerySchema,
    responses: { ...fileBytesResponses, 422: v2ErrorSchema },
  },
} as const satisfies RouteTable;

/** Diagnostic logs: sent by the apps (reference `/v2/diagnostic-logs`), listed and downloaded by superusers. */
export const diagnosticLogRoutes = {
  // Plain text of any size up to the setting, whatever text content type is sent.
  upload: {
    method: 'POST',
    path: '/v2/diagnostic-logs',
    query: z.object({ app: z.string().optional(), username: z.string().optional() }),
    responses: { 200: z.string() },
  },
  list: {
    method: 'GET',
    path: '/app/admin/diagnostic-logs',
    responses: { 200: z.array(diagnosticLogSchema) },
  },
  download: {
    method: 'GET',
    path: '/app/admin/diagnostic-logs/:name',
    params: z.object({ name: z.string() }),
    responses: { 200: fileStreamResponseSchema },
  },
} as const satisfies RouteTable;
