import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.archives;

/**
 * Zips of a version's files prepared as a job (the reference's private API, and the web app's "download selected
 * files"): POST asks for one (201 started, 204 ready or being prepared; `Location` names where to fetch it), GET
 * answers it once ready (200), its progress before (202).
 */
export function archiveRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { archives } = context;
  return async (app) => {
    serve(app, routes.request, async (request, reply) => {
      const result = await archives.request(
        actorOrAnonymous(request),
        request.params.id,
        request.query,
        request.body,
      );
      reply.header('Location', result.location);
      return result.status === 201 ? reply.status(201).send(result.state) : reply.status(204).send();
    });

    serve(
      app,
      routes.fetch,
      async (request, reply) => {
        const result = await archives.fetch(actorOrAnonymous(request), request.params.id, request.query);
        if (result.kind === 'preparing') return reply.status(202).send(result.state);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Length', result.size)
          .header('Content-Disposition', attachmentHeader(result.fileName))
          .send(result.stream);
      },
      { config: { transfer: 'download' } },
    );
  };
}
