import { apiRoutes, type MapChanges } from '@waymark/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';
import type { MapAnswer } from '../services/map.service.ts';

const routes = apiRoutes.map;

/** A tile of a named version never changes; one of "the latest" is checked again each time (by its ETag). */
const IMMUTABLE = 'private, max-age=31536000, immutable';
const REVALIDATE = 'private, no-cache';

/**
 * Sets the caching headers of a cached answer and answers 304 when the client holds it (undefined then); else
 * loads its bytes. Private: the map of a private project must not sit in a shared cache.
 */
async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: MapAnswer,
): Promise<Buffer | undefined> {
  reply
    .header('ETag', answer.etag)
    .header('Cache-Control', answer.immutable ? IMMUTABLE : REVALIDATE)
    .header('Vary', 'Cookie, Authorization');
  // `fresh`, as file downloads (send-blob.ts): a list of ETags, weak forms and `*` match too.
  if (fresh(request.headers, { etag: answer.etag })) {
    await reply.status(304).send();
    return undefined;
  }
  return answer.load();
}

/**
 * The map of a project's GeoPackages: layer list, Mapbox vector tiles, one feature and a version's changes, each
 * readable by whoever may download the file. The file and the layer travel in the query (`file=`, `layer=`), since
 * project paths hold `/`.
 */
export function mapRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { map } = context;
  return async (app) => {
    serve(app, routes.layers, async (request) =>
      map.layers(actorOrAnonymous(request), request.params.namespace, request.params.name, request.query),
    );

    serve(app, routes.tile, async (request, reply) => {
      const { namespace, name, z, x, y } = request.params;
      const answer = await map.tile(actorOrAnonymous(request), namespace, name, request.query, { z, x, y });
      const body = await sendCached(request, reply, answer);
      return body && reply.type('application/vnd.mapbox-vector-tile').send(body);
    });

    serve(app, routes.feature, async (request) =>
      map.feature(
        actorOrAnonymous(request),
        request.params.namespace,
        request.params.name,
        request.query,
        request.params.fid,
      ),
    );

    serve(app, routes.changes, async (request, reply) => {
      const { namespace, name } = request.params;
      const answer = await map.changes(actorOrAnonymous(request), namespace, name, request.query);
      const body = await sendCached(request, reply, answer);
      return body && reply.type('application/json').send(body as unknown as MapChanges);
    });
  };
}
