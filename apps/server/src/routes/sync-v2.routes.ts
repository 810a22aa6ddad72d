import {
  chunkV2ResponseSchema,
  deltaQuerySchema,
  deltaResponseSchema,
  fileStreamResponseSchema,
  noContentResponseSchema,
  projectIdParamsSchema,
  projectV2QuerySchema,
  projectV2Schema,
  pushV2RequestSchema,
  projectVersionDetailSchema,
  rawDiffQuerySchema,
  restoreRequestSchema,
  v2ErrorSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';
import { acceptRawBodies, closingOnRefusal, contentLengthOf, pushClientOf } from './raw-body.ts';
import { sendBlob } from './send-blob.ts';

/** The v2 sync calls: project info, chunks (raw bytes), versions (one-call push), delta and diff downloads. */
export function syncV2Routes(context: AppContext): FastifyPluginAsyncZod {
  const { syncV2, storage, restore } = context;
  return async (app) => {
    app.get(
      '/v2/projects/:id',
      {
        schema: {
          params: projectIdParamsSchema,
          querystring: projectV2QuerySchema,
          response: { 200: projectV2Schema },
        },
      },
      async (request) =>
        syncV2.project(actorOrAnonymous(request), request.params.id, request.query.files_at_version),
    );

    // Chunks are bytes of any content type, streamed to disk as they arrive: never parsed, never held whole.
    await app.register(async (scope) => {
      acceptRawBodies(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/v2/projects/:id/chunks',
        {
          config: { transfer: 'upload' },
          schema: {
            params: projectIdParamsSchema,
            response: { 200: chunkV2ResponseSchema, 413: v2ErrorSchema },
          },
        },
        async (request, reply) =>
          closingOnRefusal(reply, () =>
            syncV2.uploadChunk({
              actor: requireActor(request),
              id: request.params.id,
              body: (request.body ?? request.raw) as Readable,
              contentLength: contentLengthOf(request),
            }),
          ),
      );
    });

    app.post(
      '/v2/projects/:id/versions',
      {
        schema: {
          params: projectIdParamsSchema,
          body: pushV2RequestSchema,
          response: {
            201: projectV2Schema,
            204: noContentResponseSchema,
            409: v2ErrorSchema,
            422: v2ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const created = await syncV2.createVersion({
          actor: requireActor(request),
          id: request.params.id,
          version: request.body.version,
          changes: request.body.changes,
          checkOnly: request.body.check_only,
          client: pushClientOf(request),
        });
        if (!created) return reply.status(204).send();
        return reply.status(201).send(created);
      },
    );

    // Waymark's own (issue 28): a new version whose files equal a past version's, all or some of them.
    app.post(
      '/v2/projects/:id/restore',
      {
        schema: {
          params: projectIdParamsSchema,
          body: restoreRequestSchema,
          response: { 201: projectVersionDetailSchema, 409: v2ErrorSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await restore.restore({
            actor: requireActor(request),
            id: request.params.id,
            version: request.body.version,
            paths: request.body.paths,
            client: pushClientOf(request),
          }),
        ),
    );

    app.get(
      '/v2/projects/:id/delta',
      {
        schema: {
          params: projectIdParamsSchema,
          querystring: deltaQuerySchema,
          response: { 200: deltaResponseSchema },
        },
      },
      async (request) =>
        syncV2.delta(actorOrAnonymous(request), request.params.id, request.query.since, request.query.to),
    );

    app.route({
      // HEAD declared here rather than made by Fastify, which would read the bytes to throw them away.
      method: ['GET', 'HEAD'],
      url: '/v2/projects/:id/raw/diff',
      config: { transfer: 'download' },
      schema: {
        params: projectIdParamsSchema,
        querystring: rawDiffQuerySchema,
        response: { 200: fileStreamResponseSchema, 206: fileStreamResponseSchema, 422: v2ErrorSchema },
      },
      handler: async (request, reply) => {
        const diff = await syncV2.rawDiff(actorOrAnonymous(request), request.params.id, request.query.file);
        return sendBlob(request, reply, storage, {
          sha256: diff.sha256,
          size: diff.size,
          contentType: 'application/octet-stream',
          disposition: attachmentHeader(request.query.file),
        });
      },
    });
  };
}
