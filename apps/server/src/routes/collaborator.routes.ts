import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.collaborators;

/** Project collaborators (v2), the access overview and the user search of the share dialog. */
export function collaboratorRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { collaborators } = context;
  return async (app) => {
    serve(app, routes.list, async (request) => collaborators.list(requireActor(request), request.params.id));

    serve(app, routes.add, async (request, reply) => {
      const member = await collaborators.add(requireActor(request), request.params.id, request.body);
      return reply.status(201).send(member);
    });

    serve(app, routes.update, async (request) =>
      collaborators.update(requireActor(request), request.params.id, request.params.user_id, request.body),
    );

    serve(app, routes.remove, async (request, reply) => {
      await collaborators.remove(requireActor(request), request.params.id, request.params.user_id);
      return reply.status(204).send();
    });

    serve(app, routes.access, async (request) =>
      collaborators.accessOverview(requireActor(request), request.params.id),
    );

    serve(app, routes.searchUsers, async (request) =>
      collaborators.search(requireActor(request), request.query),
    );
  };
}
