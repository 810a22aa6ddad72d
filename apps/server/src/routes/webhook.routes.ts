import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { serve } from '../lib/serve-route.ts';
import { requireActor } from '../plugins/auth.ts';

const routes = apiRoutes.webhooks;

/** A workspace's webhooks and their delivery log, for its admins (issue 29). */
export function webhookRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { webhooks } = context;
  return async (app) => {
    serve(app, routes.list, async (request) => webhooks.list(requireActor(request), request.params.id));

    serve(app, routes.create, async (request, reply) => {
      const webhook = await webhooks.create(requireActor(request), request.params.id, request.body);
      return reply.status(201).send(webhook);
    });

    serve(app, routes.update, async (request) =>
      webhooks.update(requireActor(request), request.params.id, request.params.webhook_id, request.body),
    );

    serve(app, routes.remove, async (request, reply) => {
      await webhooks.remove(requireActor(request), request.params.id, request.params.webhook_id);
      return reply.status(204).send();
    });

    serve(app, routes.deliveries, async (request) =>
      webhooks.deliveries(
        requireActor(request),
        request.params.id,
        request.params.webhook_id,
        request.query.page,
      ),
    );

    serve(app, routes.redeliver, async (request, reply) => {
      const delivery = await webhooks.redeliver(
        requireActor(request),
        request.params.id,
        request.params.webhook_id,
        request.params.delivery_id,
      );
      return reply.status(201).send(delivery);
    });
  };
}
