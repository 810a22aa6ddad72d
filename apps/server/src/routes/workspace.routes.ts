import { workspaceIdParamsSchema, workspaceListSchema, workspaceSchema } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';

/** The caller's workspaces with storage, usage, project count and role. */
export function workspaceRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/v1/workspaces', { schema: { response: { 200: workspaceListSchema } } }, async (request) => {
      return context.workspaces.listForActor(requireActor(request));
    });

    app.get(
      '/v1/workspace/:id',
      { schema: { params: workspaceIdParamsSchema, response: { 200: workspaceSchema } } },
      async (request) => {
        return context.workspaces.getForActor(request.params.id, requireActor(request));
      },
    );
  };
}
