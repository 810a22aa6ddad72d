import { apiRoutes, type ChangesetDetail } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

/** GeoPackage changesets: the changed rows of a file in a version. */
export function changesetRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { changesets } = context;
  return async (app) => {
    // Streamed as the engine wrote it (not serialised here); the table's schema documents its shape.
    serve(app, apiRoutes.changesets.detail, async (request, reply) => {
      const detail = await changesets.detail({
        actor: actorOrAnonymous(request),
        ...request.params,
        path: request.query.path,
      });
      // A stream is sent as it is: Fastify serialises objects only, so the typed schema stays for the docs.
      return reply.type('application/json').send(detail as unknown as ChangesetDetail);
    });
  };
}
