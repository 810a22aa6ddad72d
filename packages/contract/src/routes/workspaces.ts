import { z } from 'zod';
import { noContentResponseSchema } from '../ids.ts';
import { workspaceRoleSchema } from '../roles.ts';
import {
  createInvitationRequestSchema,
  invitationParamsSchema,
  updateWorkspaceMemberRequestSchema,
  workspaceInvitationSchema,
  workspaceMemberParamsSchema,
  workspaceMemberSchema,
} from '../workspace-members.ts';
import { workspaceIdParamsSchema, workspaceListSchema, workspaceSchema } from '../workspace.ts';
import type { RouteTable } from './route.ts';

/** The caller's workspaces with storage, usage, project count and role. */
export const workspaceRoutes = {
  list: { method: 'GET', path: '/v1/workspaces', responses: { 200: workspaceListSchema } },
  get: {
    method: 'GET',
    path: '/v1/workspace/:id',
    params: workspaceIdParamsSchema,
    responses: { 200: workspaceSchema },
  },
} as const satisfies RouteTable;

/** The workspace API of the larger editions: members and invitations (issue 23). */
export const workspaceMemberRoutes = {
  list: {
    method: 'GET',
    path: '/v2/workspaces/:id/members',
    params: workspaceIdParamsSchema,
    responses: { 200: z.array(workspaceMemberSchema) },
  },
  get: {
    method: 'GET',
    path: '/v2/workspaces/:id/members/:user_id',
    params: workspaceMemberParamsSchema,
    responses: { 200: workspaceMemberSchema },
  },
  update: {
    method: 'PATCH',
    path: '/v2/workspaces/:id/members/:user_id',
    params: workspaceMemberParamsSchema,
    body: updateWorkspaceMemberRequestSchema,
    responses: { 200: workspaceMemberSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/v2/workspaces/:id/members/:user_id',
    params: workspaceMemberParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
  invite: {
    method: 'POST',
    path: '/v2/workspaces/:id/invitations',
    params: workspaceIdParamsSchema,
    body: createInvitationRequestSchema,
    responses: { 201: workspaceInvitationSchema },
  },
  invitation: {
    method: 'GET',
    path: '/v1/workspace/invitation/:id',
    params: invitationParamsSchema,
    responses: { 200: workspaceInvitationSchema },
  },
  deleteInvitation: {
    method: 'DELETE',
    path: '/v1/workspace/invitation/:id',
    params: invitationParamsSchema,
    responses: { 204: noContentResponseSchema },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/v1/workspace/invitation/:id/accept',
    params: invitationParamsSchema,
    responses: { 200: z.object({ id: z.number().int(), name: z.string(), role: workspaceRoleSchema }) },
  },
} as const satisfies RouteTable;
