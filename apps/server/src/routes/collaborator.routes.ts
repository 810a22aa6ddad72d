import {
  addCollaboratorRequestSchema,
  collaboratorParamsSchema,
  noContentResponseSchema,
  projectAccessDetailListSchema,
  projectCollaboratorListSchema,
  projectCollaboratorSchema,
  projectIdParamsSchema,
  updateCollaboratorRequestSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';

/** Project collaborators (v2), the access overview and the user search of the share dialog. */
export function collaboratorRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { collaborators } = context;
  return async (app) => {
    app.get(
      '/v2/projects/:id/collaborators',
      { schema: { params: projectIdParamsSchema, response: { 200: projectCollaboratorListSchema } } },
      async (request) => collaborators.list(requireActor(request), request.params.id),
    );

    app.post(
      '/v2/projects/:id/collaborators',
      {
        schema: {
          params: projectIdParamsSchema,
          body: addCollaboratorRequestSchema,
          response: { 201: projectCollaboratorSchema },
        },
      },
      async (request, reply) => {
        const member = await collaborators.add(requireActor(request), request.params.id, request.body);
        return reply.status(201).send(member);
      },
    );

    app.patch(
      '/v2/projects/:id/collaborators/:user_id',
      {
        schema: {
          params: collaboratorParamsSchema,
          body: updateCollaboratorRequestSchema,
          response: { 200: projectCollaboratorSchema },
        },
      },
      async (request) =>
        collaborators.update(requireActor(request), request.params.id, request.params.user_id, request.body),
    );

    app.delete(
      '/v2/projects/:id/collaborators/:user_id',
      { schema: { params: collaboratorParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await collaborators.remove(requireActor(request), request.params.id, request.params.user_id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/app/project/:id/access',
      { schema: { params: projectIdParamsSchema, response: { 200: projectAccessDetailListSchema } } },
      async (request) => collaborators.accessOverview(requireActor(request), request.params.id),
    );

    app.get(
      '/app/auth/user/search',
      { schema: { querystring: userSearchQuerySchema, response: { 200: userSearchResponseSchema } } },
      async (request) => collaborators.search(requireActor(request), request.query),
    );
  };
}
