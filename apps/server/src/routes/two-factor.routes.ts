import { apiRoutes, TWO_FACTOR_REMEMBER_DAYS } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor, requireUser, setSessionCookie } from '../plugins/auth.ts';
import { REMEMBER_DEVICE_COOKIE, requireSessionUser } from '../plugins/security-gates.ts';
import { issueCsrfToken } from '../lib/csrf-token.ts';
import { serve } from '../lib/serve-route.ts';
import { clientInfo } from './client-info.ts';

const routes = apiRoutes.twoFactor;

/** Two-factor sign-in: enrolment (browser sessions only), the sign-in's second step, workspace rules, reset. */
export function twoFactorRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.status, async (request) => context.twoFactor.status(requireSessionUser(request)));

    serve(app, routes.setup, async (request) => context.twoFactor.setup(requireSessionUser(request)));

    serve(app, routes.enable, async (request) =>
      context.twoFactor.enable(requireSessionUser(request), request.body.code),
    );

    serve(app, routes.disable, async (request) => {
      await context.twoFactor.disable(requireSessionUser(request), request.body.password);
      return {};
    });

    serve(app, routes.recoveryCodes, async (request) =>
      context.twoFactor.regenerateRecoveryCodes(requireSessionUser(request), request.body.password),
    );

    serve(app, routes.login, async (request, reply) => {
      const { user, rememberDevice } = await context.twoFactor.completeSignIn(
        request.body,
        clientInfo(request),
      );
      if (request.auth?.via === 'session') await context.auth.destroySession(request.auth.sessionId);
      const session = await context.auth.createSession(user, clientInfo(request));
      setSessionCookie(context, reply, session.cookieValue, session.expiresAt, request);
      if (rememberDevice) {
        reply.setCookie(REMEMBER_DEVICE_COOKIE, rememberDevice.value, {
          path: '/app/auth/login',
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https' || context.config.baseUrl?.startsWith('https://') === true,
          maxAge: TWO_FACTOR_REMEMBER_DAYS * 86_400,
        });
      }
      reply.header('X-CSRF-Token', issueCsrfToken(context.config.secretKey, session.sessionId));
      return {};
    });

    serve(app, routes.workspaces, async (request) => context.twoFactor.workspaces(requireUser(request)));

    serve(app, routes.setWorkspace, async (request) =>
      context.twoFactor.setWorkspaceRule(
        requireActor(request),
        request.params.id,
        request.body.require_two_factor,
      ),
    );

    serve(app, routes.adminReset, async (request, reply) => {
      requireUser(request);
      await context.twoFactor.adminReset(actorOrAnonymous(request), request.params.username);
      return reply.status(204).send();
    });
  };
}
