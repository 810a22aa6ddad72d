import {
  acceptAccessRequestSchema,
  accessRequestListQuerySchema,
  accessRequestIdParamsSchema,
  accessRequestListResponseSchema,
  emptyResponseSchema,
  namespaceParamsSchema,
  projectPathParamsSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';

/** Project access requests (the web app's private API). */
export function accessRequestRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { accessRequests } = context;
  return async (app) => {
    app.post(
      '/app/project/access-request/:namespace/:name',
      { schema: { params: projectPathParamsSchema, response: { 200: emptyResponseSchema } } },
      async (request) => {
        await accessRequests.create(requireActor(request), request.params.namespace, request.params.name);
        return {};
      },
    );

    app.get(
      '/app/project/access-requests',
      {
        schema: {
          querystring: accessRequestListQuerySchema,
          response: { 200: accessRequestListResponseSchema },
        },
      },
      async (request) => accessRequests.listOwn(requireActor(request), request.query),
    );

    app.get(
      '/app/project/access-request/:namespace',
      {
        schema: {
          params: namespaceParamsSchema,
          querystring: accessRequestListQuerySchema,
          response: { 200: accessRequestListResponseSchema },
        },
      },
      async (request) =>
        accessRequests.listForWorkspace(requireActor(request), request.params.namespace, request.query),
    );

    app.post(
      '/app/project/access-request/accept/:id',
      {
        schema: {
          params: accessRequestIdParamsSchema,
          body: acceptAccessRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await accessRequests.accept(requireActor(request), request.params.id, request.body);
        return {};
      },
    );

    app.delete(
      '/app/project/access-request/:id',
      { schema: { params: accessRequestIdParamsSchema, response: { 200: emptyResponseSchema } } },
      async (request) => {
        await accessRequests.remove(requireActor(request), request.params.id);
        return {};
      },
    );
  };
}
