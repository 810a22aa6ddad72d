import {
  createUserRequestSchema,
  userInfoSchema,
  userProfileSchema,
  userPublicSchema,
} from '@waymark/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/errors.ts';
import { requireActor, requireUser } from '../plugins/auth.ts';

/** The signed-in user's profile and user creation by superusers. */
export function userRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/v1/user/profile', { schema: { response: { 200: userProfileSchema } } }, async (request) => {
      return context.workspaces.profile(requireActor(request), requireUser(request));
    });

    // Deprecated in the reference, which ignores the name and answers the caller's own figures.
    app.get(
      '/v1/user/:username',
      { schema: { params: z.object({ username: z.string() }), response: { 200: userPublicSchema } } },
      async (request) => context.workspaces.userPublic(requireActor(request), requireUser(request)),
    );

    app.post(
      '/v2/users',
      {
        schema: { body: createUserRequestSchema, response: { 201: userInfoSchema } },
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
      async (request, reply) => {
        if (request.validationError) {
          throw invalid(request.validationError.validation[0]?.message ?? request.validationError.message);
        }
        return reply.status(201).send(await context.users.createUserFromApi(request.body));
      },
    );
  };
}
