import { z } from 'zod';
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
import { noContentResponses } from './shared.ts';

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

/** The paths shared by several routes, with their parameters. */
const workspaceMember = {
  path: '/v2/workspaces/:id/members/:user_id',
  params: workspaceMemberParamsSchema,
} as const;
const invitation = { path: '/v1/workspace/invitation/:id', params: invitationParamsSchema } as const;

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
    ...workspaceMember,
    responses: { 200: workspaceMemberSchema },
  },
  update: {
    method: 'PATCH',
    ...workspaceMember,
    body: updateWorkspaceMemberRequestSchema,
    responses: { 200: workspaceMemberSchema },
  },
  remove: {
    method: 'DELETE',
    ...workspaceMember,
    responses: noContentResponses,
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
    ...invitation,
    responses: { 200: workspaceInvitationSchema },
  },
  deleteInvitation: {
    method: 'DELETE',
    ...invitation,
    responses: noContentResponses,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/v1/workspace/invitation/:id/accept',
    params: invitationParamsSchema,
    responses: { 200: z.object({ id: z.number().int(), name: z.string(), role: workspaceRoleSchema }) },
  },
} as const satisfies RouteTable;
