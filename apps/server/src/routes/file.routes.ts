import {
  errorResponseSchema,
  fileStreamResponseSchema,
  projectDetailSchema,
  projectInfoQuerySchema,
  projectPathParamsSchema,
  projectVersionDetailSchema,
  projectVersionParamsSchema,
  projectVersionsPageSchema,
  projectVersionsQuerySchema,
  rawFileQuerySchema,
  resourceHistoryQuerySchema,
  resourceHistorySchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { contentTypeOf } from '../lib/content-type.ts';
import { actorOrAnonymous } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';
import { sendBlob } from './send-blob.ts';

/** Reads of project files and versions: project info, version list and detail, file history, raw file bytes. */
export function fileRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { versions, storage } = context;
  return async (app) => {
    app.get(
      '/v1/project/:namespace/:name',
      {
        schema: {
          params: projectPathParamsSchema,
          querystring: projectInfoQuerySchema,
          response: { 200: projectDetailSchema },
        },
      },
      async (request) =>
        versions.projectInfo(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query,
        ),
    );

    app.get(
      '/v1/project/versions/paginated/:namespace/:name',
      {
        schema: {
          params: projectPathParamsSchema,
          querystring: projectVersionsQuerySchema,
          response: { 200: projectVersionsPageSchema },
        },
      },
      async (request) =>
        versions.list(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query,
        ),
    );

    app.get(
      '/v1/project/version/:id/:version',
      { schema: { params: projectVersionParamsSchema, response: { 200: projectVersionDetailSchema } } },
      async (request) =>
        versions.detail(actorOrAnonymous(request), request.params.id, request.params.version),
    );

    app.get(
      '/v1/resource/history/:namespace/:name',
      {
        schema: {
          params: projectPathParamsSchema,
          querystring: resourceHistoryQuerySchema,
          response: { 200: resourceHistorySchema },
        },
      },
      async (request) =>
        versions.resourceHistory(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query.path,
        ),
    );

    app.route({
      // HEAD declared here rather than made by Fastify, which would read the bytes to throw them away.
      method: ['GET', 'HEAD'],
      url: '/v1/project/raw/:namespace/:name',
      config: { transfer: 'download' },
      schema: {
        params: projectPathParamsSchema,
        querystring: rawFileQuerySchema,
        response: {
          200: fileStreamResponseSchema,
          206: fileStreamResponseSchema,
          416: errorResponseSchema,
        },
      },
      handler: async (request, reply) => {
        const file = await versions.rawFile(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query,
        );
        return sendBlob(request, reply, storage, {
          sha256: file.sha256,
          size: file.size,
          lastModified: file.created,
          contentType: contentTypeOf(file.path),
          disposition: attachmentHeader(file.path.slice(file.path.lastIndexOf('/') + 1)),
        });
      },
    });
  };
}
