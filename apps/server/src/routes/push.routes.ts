import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { requireActor } from '../plugins/auth.ts';
import { acceptRawBodies, closingOnRefusal, contentLengthOf, pushClientOf } from './raw-body.ts';
import { sendJsonStream } from '../lib/json-stream.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.push;

/** The v1 push protocol: start, chunks (raw bytes), finish, cancel. */
export function pushRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { push } = context;
  return async (app) => {
    serve(app, routes.start, async (request, reply) => {
      const started = await push.start({
        actor: requireActor(request),
        namespace: request.params.namespace,
        name: request.params.name,
        version: request.body.version,
        changes: request.body.changes,
        client: pushClientOf(request),
      });
      // A removal-only push answers the project's detail at once, its files streamed.
      return 'transaction' in started ? started : sendJsonStream(reply, started);
    });

    // Chunks are bytes of any content type, streamed to disk as they arrive: never parsed, never held whole.
    await app.register(async (scope) => {
      acceptRawBodies(scope);
      serve(
        scope.withTypeProvider<ZodTypeProvider>(),
        routes.chunk,
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
        { config: { transfer: 'upload' } },
      );
    });

    serve(app, routes.finish, async (request, reply) =>
      sendJsonStream(
        reply,
        await push.finish({
          actor: requireActor(request),
          transaction: request.params.transaction,
          client: pushClientOf(request),
        }),
      ),
    );

    serve(app, routes.cancel, async (request) => {
      await push.cancel(requireActor(request), request.params.transaction);
      return {};
    });
  };
}
