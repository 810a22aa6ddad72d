import {
  createInvitationRequestSchema,
  invitationParamsSchema,
  noContentResponseSchema,
  updateWorkspaceMemberRequestSchema,
  workspaceIdParamsSchema,
  workspaceInvitationSchema,
  workspaceMemberParamsSchema,
  workspaceMemberSchema,
  workspaceRoleSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';

/** The workspace API of the larger editions: members and invitations (issue 23). */
export function workspaceMemberRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { workspaceMembers } = context;
  return async (app) => {
    app.get(
      '/v2/workspaces/:id/members',
      { schema: { params: workspaceIdParamsSchema, response: { 200: z.array(workspaceMemberSchema) } } },
      async (request) => workspaceMembers.list(requireActor(request), request.params.id),
    );

    app.get(
      '/v2/workspaces/:id/members/:user_id',
      { schema: { params: workspaceMemberParamsSchema, response: { 200: workspaceMemberSchema } } },
      async (request) =>
        workspaceMembers.get(requireActor(request), request.params.id, request.params.user_id),
    );

    app.patch(
      '/v2/workspaces/:id/members/:user_id',
      {
        schema: {
          params: workspaceMemberParamsSchema,
          body: updateWorkspaceMemberRequestSchema,
          response: { 200: workspaceMemberSchema },
        },
      },
      async (request) =>
        workspaceMembers.update(
          requireActor(request),
          request.params.id,
          request.params.user_id,
          request.body,
        ),
    );

    app.delete(
      '/v2/workspaces/:id/members/:user_id',
      { schema: { params: workspaceMemberParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await workspaceMembers.remove(requireActor(request), request.params.id, request.params.user_id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/v2/workspaces/:id/invitations',
      {
        schema: {
          params: workspaceIdParamsSchema,
          body: createInvitationRequestSchema,
          response: { 201: workspaceInvitationSchema },
        },
      },
      async (request, reply) => {
        const invitation = await workspaceMembers.invite(
          requireActor(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(invitation);
      },
    );

    app.get(
      '/v1/workspace/invitation/:id',
      { schema: { params: invitationParamsSchema, response: { 200: workspaceInvitationSchema } } },
      async (request) => workspaceMembers.getInvitation(requireActor(request), request.params.id),
    );

    app.delete(
      '/v1/workspace/invitation/:id',
      { schema: { params: invitationParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await workspaceMembers.deleteInvitation(requireActor(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/v1/workspace/invitation/:id/accept',
      {
        schema: {
          params: invitationParamsSchema,
          response: {
            200: z.object({ id: z.number().int(), name: z.string(), role: workspaceRoleSchema }),
          },
        },
      },
      async (request) => workspaceMembers.acceptInvitation(requireActor(request), request.params.id),
    );
  };
}
