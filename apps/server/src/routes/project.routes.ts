import {
  cloneProjectRequestSchema,
  createProjectRequestSchema,
  emptyResponseSchema,
  fileStreamResponseSchema,
  noContentResponseSchema,
  namespaceParamsSchema,
  projectDetailSchema,
  projectDownloadQuerySchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectPathParamsSchema,
  projectsByNamesRequestSchema,
  projectsByNamesResponseSchema,
  projectTemplateSchema,
  publicFlagRequestSchema,
  UPDATE_PROJECT_ACCESS_ERROR,
  updateProjectPartialResponseSchema,
  updateProjectRequestSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';

const userAgentOf = (headers: Record<string, unknown>) =>
  typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null;

/** Projects: the Mergin v1 calls, the v2 schedule-delete and the web app's private calls. */
export function projectRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { projects, projectMembers } = context;
  return async (app) => {
    app.get(
      '/v1/project/paginated',
      { schema: { querystring: projectListQuerySchema, response: { 200: projectListResponseSchema } } },
      async (request) => projects.list(actorOrAnonymous(request), request.query),
    );

    app.post(
      '/v1/project/:namespace',
      {
        schema: {
          params: namespaceParamsSchema,
          body: createProjectRequestSchema,
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await projects.create({
          actor: requireActor(request),
          namespace: request.params.namespace,
          name: request.body.name,
          isPublic: request.body.public,
          request: { userAgent: userAgentOf(request.headers) },
        });
        return {};
      },
    );

    app.get(
      '/v1/project/download/:namespace/:name',
      {
        config: { transfer: 'download' },
        schema: {
          params: projectPathParamsSchema,
          querystring: projectDownloadQuerySchema,
          response: { 200: fileStreamResponseSchema },
        },
      },
      async (request, reply) => {
        const { fileName, zip } = await projects.downloadZip(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query.version,
        );
        // Headers are gone by then: the client sees a cut connection, the log says why.
        zip.stream.on('error', (error) => request.log.error({ err: error }, 'zip download failed'));
        if (zip.size >= 0) reply.header('Content-Length', zip.size);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', attachmentHeader(fileName))
          .send(zip.stream);
      },
    );

    app.get(
      '/v1/project/by_uuid/:id',
      { schema: { params: projectIdParamsSchema, response: { 200: projectDetailSchema } } },
      async (request) => projects.getById(actorOrAnonymous(request), request.params.id),
    );

    // Static path: wins over `/v1/project/:namespace` (a workspace named `by_names` keeps its projects elsewhere).
    app.post(
      '/v1/project/by_names',
      {
        schema: {
          body: projectsByNamesRequestSchema,
          response: { 200: projectsByNamesResponseSchema },
        },
      },
      async (request) => projects.byNames(actorOrAnonymous(request), request.body.projects),
    );

    app.put(
      '/v1/project/:namespace/:name',
      {
        schema: {
          params: projectPathParamsSchema,
          body: updateProjectRequestSchema,
          response: { 200: projectDetailSchema, 207: updateProjectPartialResponseSchema },
        },
      },
      async (request, reply) => {
        const { project, invalidUsernames } = await projectMembers.updateAccess(
          requireActor(request),
          request.params.namespace,
          request.params.name,
          request.body,
        );
        if (invalidUsernames.length === 0) return reply.status(200).send(project);
        // Some changes applied, some usernames skipped: the reference answers Multi-Status.
        return reply.status(207).send({
          ...UPDATE_PROJECT_ACCESS_ERROR,
          invalid_usernames: invalidUsernames,
          invalid_ids: [],
          project,
        });
      },
    );

    app.post(
      '/v1/project/clone/:namespace/:name',
      {
        schema: {
          params: projectPathParamsSchema,
          body: cloneProjectRequestSchema.nullish(),
          response: { 200: emptyResponseSchema },
        },
      },
      async (request) => {
        await projects.clone({
          actor: requireActor(request),
          namespace: request.params.namespace,
          name: request.params.name,
          body: request.body ?? {},
          request: { userAgent: userAgentOf(request.headers) },
        });
        return {};
      },
    );

    app.post(
      '/v2/projects/:id/scheduleDelete',
      { schema: { params: projectIdParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await projects.scheduleDelete(requireActor(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.patch(
      '/app/project/:id/public',
      {
        schema: {
          params: projectIdParamsSchema,
          body: publicFlagRequestSchema,
          response: { 204: noContentResponseSchema },
        },
      },
      async (request, reply) => {
        await projects.setPublic(requireActor(request), request.params.id, request.body.public);
        return reply.status(204).send();
      },
    );

    app.post(
      '/app/project/unsubscribe/:id',
      { schema: { params: projectIdParamsSchema, response: { 200: emptyResponseSchema } } },
      async (request) => {
        await projects.unsubscribe(requireActor(request), request.params.id);
        return {};
      },
    );

    app.get(
      '/app/project/templates',
      { schema: { response: { 200: z.array(projectTemplateSchema) } } },
      async (request) => {
        requireActor(request);
        return projects.templates();
      },
    );
  };
}
