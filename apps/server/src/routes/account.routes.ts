import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser, SESSION_COOKIE } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.account;

/** A person's own account: profile, password, e-mail confirmation and closing the account. */
export function accountRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.updateProfile, async (request) =>
      context.account.updateProfile(requireUser(request), request.body),
    );

    serve(app, routes.changePassword, async (request) => {
      const sessionId = request.auth?.via === 'session' ? request.auth.sessionId : undefined;
      await context.account.changePassword(requireUser(request), request.body, sessionId);
      return {};
    });

    serve(app, routes.confirmEmail, async (request) => {
      await context.account.confirmEmail(request.params.token);
      return {};
    });

    // POST is the web app's call; GET is the reference's, checked for CSRF like a write (plugins/auth.ts), so a
    // link or image on another site cannot send mail in a user's name.
    serve(app, routes.resendConfirmation, async (request) => {
      await context.account.resendConfirmation(requireUser(request));
      return {};
    });

    serve(app, routes.close, async (request, reply) => {
      await context.account.closeAccount(requireUser(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    });
  };
}
