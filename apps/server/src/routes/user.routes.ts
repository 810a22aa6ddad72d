import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/errors.ts';
import { requireActor, requireUser } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.user;

/** The signed-in user's profile and user creation by superusers. */
export function userRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.profile, async (request) =>
      context.workspaces.profile(requireActor(request), requireUser(request)),
    );

    // Deprecated in the reference, which ignores the name and answers the caller's own figures.
    serve(app, routes.publicInfo, async (request) =>
      context.workspaces.userPublic(requireActor(request), requireUser(request)),
    );

    serve(
      app,
      routes.create,
      async (request, reply) => {
        if (request.validationError) {
          throw invalid(request.validationError.validation[0]?.message ?? request.validationError.message);
        }
        return reply.status(201).send(await context.users.createUserFromApi(request.body));
      },
      {
        // Before body validation: callers who may not create users learn nothing about the body rules.
        // Superusers anywhere; a workspace's admins into that workspace (the body's workspace_id and role).
        preValidation: async (request) => {
          const body = (request.body ?? {}) as { workspace_id?: unknown; role?: unknown };
          await context.workspaceMembers.assertMayCreateUsers(
            requireActor(request),
            body.workspace_id,
            body.role,
          );
        },
        // The reference answers a bad body with the rule's own text ('Invalid email address.'), without the
        // '(field)' suffix of the generic validation answer.
        attachValidation: true,
      },
    );
  };
}
