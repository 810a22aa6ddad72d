import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';
import { acceptRawBodies, closingOnRefusal, contentLengthOf, pushClientOf } from './raw-body.ts';
import { sendBlob } from './send-blob.ts';
import { isStreamedJson, sendJsonStream } from '../lib/json-stream.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.syncV2;

/** The v2 sync calls: project info, chunks (raw bytes), versions (one-call push), delta and diff downloads. */
export function syncV2Routes(context: AppContext): FastifyPluginAsyncZod {
  const { syncV2, storage, restore } = context;
  return async (app) => {
    serve(app, routes.project, async (request, reply) => {
      const project = await syncV2.project(
        actorOrAnonymous(request),
        request.params.id,
        request.query.files_at_version,
      );
      return isStreamedJson(project) ? sendJsonStream(reply, project) : project;
    });

    // Chunks are bytes of any content type, streamed to disk as they arrive: never parsed, never held whole.
    await app.register(async (scope) => {
      acceptRawBodies(scope);
      serve(
        scope.withTypeProvider<ZodTypeProvider>(),
        routes.chunk,
        async (request, reply) =>
          closingOnRefusal(reply, () =>
            syncV2.uploadChunk({
              actor: requireActor(request),
              id: request.params.id,
              body: (request.body ?? request.raw) as Readable,
              contentLength: contentLengthOf(request),
            }),
          ),
        { config: { transfer: 'upload' } },
      );
    });

    serve(app, routes.createVersion, async (request, reply) => {
      const created = await syncV2.createVersion({
        actor: requireActor(request),
        id: request.params.id,
        version: request.body.version,
        changes: request.body.changes,
        checkOnly: request.body.check_only,
        client: pushClientOf(request),
      });
      if (!created) return reply.status(204).send();
      return sendJsonStream(reply.status(201), created);
    });

    // Waymark's own (issue 28): a new version whose files equal a past version's, all or some of them.
    serve(app, routes.restore, async (request, reply) =>
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

    serve(app, routes.delta, async (request) =>
      syncV2.delta(actorOrAnonymous(request), request.params.id, request.query.since, request.query.to),
    );

    // HEAD declared by the table rather than made by Fastify, which would read the bytes to throw them away.
    serve(
      app,
      routes.rawDiff,
      async (request, reply) => {
        const diff = await syncV2.rawDiff(actorOrAnonymous(request), request.params.id, request.query.file);
        return sendBlob(request, reply, storage, {
          sha256: diff.sha256,
          size: diff.size,
          contentType: 'application/octet-stream',
          disposition: attachmentHeader(request.query.file),
        });
      },
      { config: { transfer: 'download' } },
    );
  };
}
