import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.workspaces;

/** The caller's workspaces with storage, usage, project count and role. */
export function workspaceRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => context.workspaces.listForActor(requireActor(request)));

    serve(app, routes.get, async (request) =>
      context.workspaces.getForActor(request.params.id, requireActor(request)),
    );
  };
}
