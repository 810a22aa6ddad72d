import {
  changePasswordRequestSchema,
  emptyResponseSchema,
  noContentResponseSchema,
  resetTokenParamsSchema,
  updateProfileRequestSchema,
  userInfoSchema,
} from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser, SESSION_COOKIE } from '../plugins/auth.ts';

/** A person's own account: profile, password, e-mail confirmation and closing the account. */
export function accountRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/app/auth/user/profile',
      { schema: { body: updateProfileRequestSchema, response: { 200: userInfoSchema } } },
      async (request) => {
        return context.account.updateProfile(requireUser(request), request.body);
      },
    );

    app.post(
      '/app/auth/change-password',
      { schema: { body: changePasswordRequestSchema, response: { 200: emptyResponseSchema } } },
      async (request) => {
        const sessionId = request.auth?.via === 'session' ? request.auth.sessionId : undefined;
        await context.account.changePassword(requireUser(request), request.body, sessionId);
        return {};
      },
    );

    app.post(
      '/app/auth/confirm-email/:token',
      { schema: { params: resetTokenParamsSchema, response: { 200: emptyResponseSchema } } },
      async (request) => {
        await context.account.confirmEmail(request.params.token);
        return {};
      },
    );

    // POST is the web app's call; GET is the reference's, checked for CSRF like a write (plugins/auth.ts), so a
    // link or image on another site cannot send mail in a user's name.
    app.route({
      method: ['POST', 'GET'],
      url: '/app/auth/resend-confirm-email',
      schema: { response: { 200: emptyResponseSchema } },
      handler: async (request) => {
        await context.account.resendConfirmation(requireUser(request));
        return {};
      },
    });

    app.delete(
      '/v1/user',
      { schema: { response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await context.account.closeAccount(requireUser(request));
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.status(204).send();
      },
    );
  };
}
