import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { clientInfo } from './client-info.ts';
import { issueCsrfToken } from '../lib/csrf-token.ts';
import { SESSION_COOKIE, setSessionCookie } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';
import { REMEMBER_DEVICE_COOKIE } from '../plugins/security-gates.ts';

const routes = apiRoutes.auth;

/** Browser sign-in (session cookie) and API sign-in (Bearer token in the Mergin format). */
export function authRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.login, async (request, reply) => {
      // With two-factor sign-in on, the password alone gives a challenge for the second step (two-factor.routes.ts).
      const result = await context.twoFactor.signIn(
        request.body,
        clientInfo(request),
        request.cookies[REMEMBER_DEVICE_COOKIE],
      );
      if ('challenge' in result) return { two_factor_challenge: result.challenge };
      const { user } = result;
      if (request.auth?.via === 'session') await context.auth.destroySession(request.auth.sessionId);
      const session = await context.auth.createSession(user, clientInfo(request));
      setSessionCookie(context, reply, session.cookieValue, session.expiresAt, request);
      reply.header('X-CSRF-Token', issueCsrfToken(context.config.secretKey, session.sessionId));
      return {};
    });

    // POST is the web app's call; GET is the reference's, checked for CSRF like a write (plugins/auth.ts), so a
    // link or image on another site cannot sign anyone out.
    serve(app, routes.logout, async (request, reply) => {
      if (request.auth?.via === 'session') await context.auth.destroySession(request.auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.header('X-CSRF-Token', issueCsrfToken(context.config.secretKey, 'anonymous'));
      return {};
    });

    serve(app, routes.requestPasswordReset, async (request) => {
      await context.passwordReset.requestReset(request.body.email, clientInfo(request));
      return {};
    });

    serve(app, routes.checkResetToken, async (request) => {
      await context.passwordReset.checkToken(request.params.token);
      return {};
    });

    serve(app, routes.resetPassword, async (request) => {
      await context.passwordReset.resetWithToken(
        request.params.token,
        request.body.password,
        request.body.confirm,
      );
      return {};
    });

    serve(app, routes.apiLogin, async (request) => {
      // Accounts with two-factor sign-in on use personal access tokens instead (the detail says so).
      const user = await context.twoFactor.apiLogin(request.body, clientInfo(request));
      return context.workspaces.loginAnswer(user, context.auth.issueBearer(user));
    });
  };
}
