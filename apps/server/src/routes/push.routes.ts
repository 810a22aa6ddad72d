import {
  chunkResponseSchema,
  emptyResponseSchema,
  projectDetailSchema,
  projectPathParamsSchema,
  pushChunkParamsSchema,
  pushRequestSchema,
  pushStartResponseSchema,
  pushTransactionParamsSchema,
} from '@waymark/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';
import type { PushClientInfo } from '../services/push.service.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value ? value : null;
};
const clientOf = (request: FastifyRequest): PushClientInfo => ({
  userAgent: header(request, 'user-agent'),
  deviceId: header(request, 'x-device-id'),
});

/** The v1 push protocol: start, chunks (raw bytes), finish, cancel. */
export function pushRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { push } = context;
  return async (app) => {
    app.post(
      '/v1/project/push/:namespace/:name',
      {
        schema: {
          params: projectPathParamsSchema,
          body: pushRequestSchema,
          response: { 200: pushStartResponseSchema },
        },
      },
      async (request) =>
        push.start({
          actor: requireActor(request),
          namespace: request.params.namespace,
          name: request.params.name,
          version: request.body.version,
          changes: request.body.changes,
          client: clientOf(request),
        }),
    );

    // Chunks are bytes of any content type, streamed to disk as they arrive: never parsed, never held whole.
    await app.register(async (scope) => {
      const raw = scope.withTypeProvider<ZodTypeProvider>();
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      raw.post(
        '/v1/project/push/chunk/:transaction/:chunk',
        { schema: { params: pushChunkParamsSchema, response: { 200: chunkResponseSchema } } },
        async (request, reply) => {
          const length = Number(request.headers['content-length']);
          try {
            return await push.chunk({
              actor: requireActor(request),
              transaction: request.params.transaction,
              chunk: request.params.chunk,
              body: (request.body ?? request.raw) as Readable,
              contentLength: Number.isFinite(length) ? length : undefined,
            });
          } catch (error) {
            // A refused chunk may be partly unread: close the connection rather than read the rest.
            reply.header('Connection', 'close');
            throw error;
          }
        },
      );
    });

    app.post(
      '/v1/project/push/finish/:transaction',
      { schema: { params: pushTransactionParamsSchema, response: { 200: projectDetailSchema } } },
      async (request) =>
        push.finish({
          actor: requireActor(request),
          transaction: request.params.transaction,
          client: clientOf(request),
        }),
    );

    app.post(
      '/v1/project/push/cancel/:transaction',
      { schema: { params: pushTransactionParamsSchema, response: { 200: emptyResponseSchema } } },
      async (request) => {
        await push.cancel(requireActor(request), request.params.transaction);
        return {};
      },
    );
  };
}
