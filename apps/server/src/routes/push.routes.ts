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
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';
import { acceptRawBodies, closingOnRefusal, contentLengthOf, pushClientOf } from './raw-body.ts';

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
          client: pushClientOf(request),
        }),
    );

    // Chunks are bytes of any content type, streamed to disk as they arrive: never parsed, never held whole.
    await app.register(async (scope) => {
      acceptRawBodies(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/v1/project/push/chunk/:transaction/:chunk',
        {
          config: { transfer: 'upload' },
          schema: { params: pushChunkParamsSchema, response: { 200: chunkResponseSchema } },
        },
        async (request, reply) =>
          closingOnRefusal(reply, () =>
            push.chunk({
              actor: requireActor(request),
              transaction: request.params.transaction,
              chunk: request.params.chunk,
              body: (request.body ?? request.raw) as Readable,
              contentLength: contentLengthOf(request),
            }),
          ),
      );
    });

    app.post(
      '/v1/project/push/finish/:transaction',
      { schema: { params: pushTransactionParamsSchema, response: { 200: projectDetailSchema } } },
      async (request) =>
        push.finish({
          actor: requireActor(request),
          transaction: request.params.transaction,
          client: pushClientOf(request),
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
