import { apiRoutes, DIAGNOSTIC_LOG_TEXTS } from '@waymark/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.diagnosticLogs;

/** Diagnostic logs: sent by the apps (reference `/v2/diagnostic-logs`), listed and downloaded by superusers. */
export function diagnosticLogRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { diagnosticLogs, config } = context;
  return async (app) => {
    // The log is plain text of any size up to the setting: read as bytes, whatever text content type is sent.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        ['text/plain', 'application/octet-stream'],
        { parseAs: 'buffer', bodyLimit: config.diagnosticLogsMaxSize },
        (_request, body, done) => done(null, body),
      );
      serve(
        scope.withTypeProvider<ZodTypeProvider>(),
        routes.upload,
        async (request, reply) => {
          await diagnosticLogs.save(
            actorOrAnonymous(request),
            request.query.app,
            Buffer.isBuffer(request.body) ? request.body : undefined,
          );
          return reply.type('text/plain; charset=utf-8').send(DIAGNOSTIC_LOG_TEXTS.saved);
        },
        // Off: the route answers as if it did not exist, before its body is read.
        { onRequest: async () => diagnosticLogs.assertEnabled() },
      );
    });

    serve(app, routes.list, async (request) => diagnosticLogs.list(requireActor(request)));

    serve(
      app,
      routes.download,
      async (request, reply) => {
        const file = await diagnosticLogs.open(requireActor(request), request.params.name);
        return reply
          .header('Content-Type', 'text/plain; charset=utf-8')
          .header('Content-Disposition', attachmentHeader(request.params.name))
          .header('Content-Length', file.size)
          .send(file.stream);
      },
      { config: { transfer: 'download' } },
    );
  };
}
