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
import { parseRange } from '../lib/http-range.ts';
import { actorOrAnonymous } from '../plugins/auth.ts';
import { sendError } from '../plugins/problem.ts';
import { wholeFile } from '../storage/blob-store.ts';
import { attachmentHeader } from '../storage/project-zip.ts';

/** Reads of project files and versions: project info, version list and detail, file history, raw file bytes. */
export function fileRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { versions, blobs } = context;
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

    app.get(
      '/v1/project/raw/:namespace/:name',
      {
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
      },
      async (request, reply) => {
        const file = await versions.rawFile(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query,
        );
        const name = file.path.slice(file.path.lastIndexOf('/') + 1);
        const range = parseRange(request.headers.range, file.size);
        if (range === 'unsatisfiable') {
          reply.header('Content-Range', `bytes */${file.size}`);
          return sendError(reply, 416, { detail: 'Requested range not satisfiable' });
        }
        reply
          .header('Content-Type', contentTypeOf(file.path))
          .header('Content-Disposition', attachmentHeader(name))
          .header('Accept-Ranges', 'bytes');
        if (range) {
          return reply
            .status(206)
            .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
            .header('Content-Length', range.end - range.start + 1)
            .send(blobs.get(file.sha256, range));
        }
        // The whole file as a range: read buffers no larger than the file, and no read past its end.
        return reply.header('Content-Length', file.size).send(blobs.get(file.sha256, wholeFile(file.size)));
      },
    );
  };
}
