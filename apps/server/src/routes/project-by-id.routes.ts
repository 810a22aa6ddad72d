import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.projectsById;

/** The reference's project calls by id and by workspace: rename, delete (soft and now), batch, by_uuids, lists. */
export function projectByIdRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { projectsById } = context;
  return async (app) => {
    // The reference answers 200 with no body: the project is scheduled for deletion as the web app's delete does.
    serve(app, routes.deleteByName, async (request, reply) => {
      await projectsById.scheduleDeleteAt(
        requireActor(request),
        request.params.namespace,
        request.params.name,
      );
      return reply.status(200).send();
    });

    serve(app, routes.byUuids, async (request) =>
      projectsById.byUuids(actorOrAnonymous(request), request.query.uuids),
    );

    serve(app, routes.deleteNow, async (request, reply) => {
      await projectsById.deleteNow(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    serve(app, routes.rename, async (request, reply) => {
      await projectsById.rename(requireActor(request), request.params.id, request.body.name);
      return reply.status(204).send();
    });

    serve(app, routes.batch, async (request) =>
      projectsById.batch(actorOrAnonymous(request), request.body.ids),
    );

    serve(app, routes.workspaceProjects, async (request) =>
      projectsById.workspaceProjects(requireActor(request), request.params.workspace_id, request.query),
    );
  };
}
