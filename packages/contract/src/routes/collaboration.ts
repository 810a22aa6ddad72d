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
import { namespaceParamsSchema, projectIdParamsSchema, projectPathParamsSchema } from '../project.ts';
import type { RouteTable } from './route.ts';
import { emptyResponses, noContentResponses } from './shared.ts';

/** Project access requests (the web app's private API). */
export const accessRequestRoutes = {
  create: {
    method: 'POST',
    path: '/app/project/access-request/:namespace/:name',
    params: projectPathParamsSchema,
    responses: emptyResponses,
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
    responses: emptyResponses,
  },
  remove: {
    method: 'DELETE',
    path: '/app/project/access-request/:id',
    params: accessRequestIdParamsSchema,
    responses: emptyResponses,
  },
} as const satisfies RouteTable;

/** The paths shared by several routes, with their parameters. */
const collaborators = { path: '/v2/projects/:id/collaborators', params: projectIdParamsSchema } as const;
const collaborator = {
  path: '/v2/projects/:id/collaborators/:user_id',
  params: collaboratorParamsSchema,
} as const;

/** Project collaborators (v2), the access overview and the user search of the share dialog. */
export const collaboratorRoutes = {
  list: {
    method: 'GET',
    ...collaborators,
    responses: { 200: projectCollaboratorListSchema },
  },
  add: {
    method: 'POST',
    ...collaborators,
    body: addCollaboratorRequestSchema,
    responses: { 201: projectCollaboratorSchema },
  },
  update: {
    method: 'PATCH',
    ...collaborator,
    body: updateCollaboratorRequestSchema,
    responses: { 200: projectCollaboratorSchema },
  },
  remove: {
    method: 'DELETE',
    ...collaborator,
    responses: noContentResponses,
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
