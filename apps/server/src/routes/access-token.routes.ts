import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireUser } from '../plugins/auth.ts';
import { requireSessionUser } from '../plugins/security-gates.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.accessTokens;

/** Personal access tokens: the user's own (browser sessions only), everyone's for superusers. */
export function accessTokenRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => context.accessTokens.list(requireSessionUser(request)));

    serve(app, routes.create, async (request, reply) =>
      reply.status(201).send(await context.accessTokens.create(requireSessionUser(request), request.body)),
    );

    serve(app, routes.revoke, async (request, reply) => {
      await context.accessTokens.revoke(requireSessionUser(request), request.params.id);
      return reply.status(204).send();
    });

    serve(app, routes.adminList, async (request) => {
      requireUser(request);
      return context.accessTokens.adminList(actorOrAnonymous(request));
    });

    serve(app, routes.adminRevoke, async (request, reply) => {
      requireUser(request);
      await context.accessTokens.adminRevoke(actorOrAnonymous(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
