import {
  type ChangesetDetail,
  changesetDetailParamsSchema,
  changesetDetailQuerySchema,
  changesetDetailSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous } from '../plugins/auth.ts';

/** GeoPackage changesets: the changed rows of a file in a version. */
export function changesetRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { changesets } = context;
  return async (app) => {
    app.get(
      '/v1/resource/changesets/:namespace/:name/:version',
      {
        schema: {
          params: changesetDetailParamsSchema,
          querystring: changesetDetailQuerySchema,
          // Streamed as the engine wrote it (not serialised here); the schema documents its shape.
          response: { 200: changesetDetailSchema },
        },
      },
      async (request, reply) => {
        const detail = await changesets.detail({
          actor: actorOrAnonymous(request),
          ...request.params,
          path: request.query.path,
        });
        // A stream is sent as it is: Fastify serialises objects only, so the typed schema stays for the docs.
        return reply.type('application/json').send(detail as unknown as ChangesetDetail);
      },
    );
  };
}
