import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.accessRequests;

/** Project access requests (the web app's private API). */
export function accessRequestRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { accessRequests } = context;
  return async (app) => {
    serve(app, routes.create, async (request) => {
      await accessRequests.create(requireActor(request), request.params.namespace, request.params.name);
      return {};
    });

    serve(app, routes.listOwn, async (request) =>
      accessRequests.listOwn(requireActor(request), request.query),
    );

    serve(app, routes.listForWorkspace, async (request) =>
      accessRequests.listForWorkspace(requireActor(request), request.params.namespace, request.query),
    );

    serve(app, routes.accept, async (request) => {
      await accessRequests.accept(requireActor(request), request.params.id, request.body);
      return {};
    });

    serve(app, routes.remove, async (request) => {
      await accessRequests.remove(requireActor(request), request.params.id);
      return {};
    });
  };
}
