import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.workspaceMembers;

/** The workspace API of the larger editions: members and invitations (issue 23). */
export function workspaceMemberRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { workspaceMembers } = context;
  return async (app) => {
    serve(app, routes.list, async (request) =>
      workspaceMembers.list(requireActor(request), request.params.id),
    );

    serve(app, routes.get, async (request) =>
      workspaceMembers.get(requireActor(request), request.params.id, request.params.user_id),
    );

    serve(app, routes.update, async (request) =>
      workspaceMembers.update(requireActor(request), request.params.id, request.params.user_id, request.body),
    );

    serve(app, routes.remove, async (request, reply) => {
      await workspaceMembers.remove(requireActor(request), request.params.id, request.params.user_id);
      return reply.status(204).send();
    });

    serve(app, routes.invite, async (request, reply) => {
      const invitation = await workspaceMembers.invite(
        requireActor(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(invitation);
    });

    serve(app, routes.invitation, async (request) =>
      workspaceMembers.getInvitation(requireActor(request), request.params.id),
    );

    serve(app, routes.deleteInvitation, async (request, reply) => {
      await workspaceMembers.deleteInvitation(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    serve(app, routes.acceptInvitation, async (request) =>
      workspaceMembers.acceptInvitation(requireActor(request), request.params.id),
    );
  };
}
