import {
  noContentResponseSchema,
  projectBatchRequestSchema,
  projectBatchResponseSchema,
  projectIdParamsSchema,
  projectPathParamsSchema,
  projectsByUuidsQuerySchema,
  projectsByUuidsResponseSchema,
  renameProjectRequestSchema,
  workspaceProjectsParamsSchema,
  workspaceProjectsQuerySchema,
  workspaceProjectsResponseSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';

/** The reference's project calls by id and by workspace: rename, delete (soft and now), batch, by_uuids, lists. */
export function projectByIdRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { projectsById } = context;
  return async (app) => {
    // The reference answers 200 with no body: the project is scheduled for deletion as the web app's delete does.
    app.delete(
      '/v1/project/:namespace/:name',
      { schema: { params: projectPathParamsSchema, response: { 200: z.undefined() } } },
      async (request, reply) => {
        await projectsById.scheduleDeleteAt(
          requireActor(request),
          request.params.namespace,
          request.params.name,
        );
        return reply.status(200).send();
      },
    );

    app.get(
      '/v1/project/by_uuids',
      {
        schema: { querystring: projectsByUuidsQuerySchema, response: { 200: projectsByUuidsResponseSchema } },
      },
      async (request) => projectsById.byUuids(actorOrAnonymous(request), request.query.uuids),
    );

    app.delete(
      '/v2/projects/:id',
      { schema: { params: projectIdParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await projectsById.deleteNow(requireActor(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.patch(
      '/v2/projects/:id',
      {
        schema: {
          params: projectIdParamsSchema,
          body: renameProjectRequestSchema,
          response: { 204: noContentResponseSchema },
        },
      },
      async (request, reply) => {
        await projectsById.rename(requireActor(request), request.params.id, request.body.name);
        return reply.status(204).send();
      },
    );

    app.post(
      '/v2/projects/batch',
      { schema: { body: projectBatchRequestSchema, response: { 200: projectBatchResponseSchema } } },
      async (request) => projectsById.batch(actorOrAnonymous(request), request.body.ids),
    );

    app.get(
      '/v2/workspaces/:workspace_id/projects',
      {
        schema: {
          params: workspaceProjectsParamsSchema,
          querystring: workspaceProjectsQuerySchema,
          response: { 200: workspaceProjectsResponseSchema },
        },
      },
      async (request) =>
        projectsById.workspaceProjects(requireActor(request), request.params.workspace_id, request.query),
    );
  };
}
