import {
  acceptAccessRequestSchema,
  accessRequestIdParamsSchema,
  accessRequestListQuerySchema,
  accessRequestListResponseSchema,
} from '../access-request.ts';
import {
  addCollaboratorRequestSchema,
  collaboratorParamsSchema,
  projectAccessDetailListSchema,
  projectCollaboratorListSchema,
  projectCollaboratorSchema,
  updateCollaboratorRequestSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from '../collaboration.ts';
import { emptyResponseSchema, noContentResponseSchema } from '../ids.ts';
import { namespaceParamsSchema, projectIdParamsSchema, projectPathParamsSchema } from '../project.ts';
import type { RouteTable } from './route.ts';

/** Project access requests (the web app's private API). */
export const accessRequestRoutes = {
  create: {
    method: 'POST',
    path: '/app/project/access-request/:namespace/:name',
    params: projectPathParamsSchema,
    responses: { 200: emptyResponseSchema },
  },
  listOwn: {
    method: 'GET',
    path: '/app/project/access-requests',
    query: accessRequestListQuerySchema,
    responses: { 200: accessRequestListResponseSchema },
  },
  listForWorkspace: {
    method: 'GET',
    path: '/app/project/access-request/:namespace',
    params: namespaceParamsSchema,
    query: accessRequestListQuerySchema,
    responses: { 200: accessRequestListResponseSchema },
  },
  accept: {
    method: 'POST',
    path: '/app/project/access-request/accept/:id',
    params: accessRequestIdParamsSchema,
    body: acceptAccessRequestSchema,
    responses: { 200: emptyResponseSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/app/project/access-request/:id',
    params: accessRequestIdParamsSchema,
    responses: { 200: emptyResponseSchema },
  },
} as const satisfies RouteTable;

/** Project collaborators (v2), the access overview and the user search of the share dialog. */
export const collaboratorRoutes = {
  list: {
    method: 'GET',
    path: '/v2/projects/:id/collaborators',
    params: projectIdParamsSchema,
    responses: { 200: projectCollaboratorListSchema },
  },
  add: {
    method: 'POST',
    path: '/v2/projects/:id/collaborators',
    params: projectIdParamsSchema,
    body: addCollaboratorRequestSchema,
    responses: { 201: projectCollaboratorSchema },
  },
  update: {
    method: 'PATCH',
    path: '/v2/projects/:id/collaborators/:user_id',
    params: collaboratorParamsSchema,
    body: updateCollaboratorRequestSchema,
    responses: { 200: projectCollaboratorSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/v2/projects/:id/collaborators/:user_id',
    params: collaboratorParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
  access: {
    method: 'GET',
    path: '/app/project/:id/access',
    params: projectIdParamsSchema,
    responses: { 200: projectAccessDetailListSchema },
  },
  searchUsers: {
    method: 'GET',
    path: '/app/auth/user/search',
    query: userSearchQuerySchema,
    responses: { 200: userSearchResponseSchema },
  },
} as const satisfies RouteTable;
