import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { serve } from '../lib/serve-route.ts';
import { actorOrAnonymous, requireUser, setSessionCookie } from '../plugins/auth.ts';
import { requireSessionUser } from '../plugins/security-gates.ts';
import { clientInfo } from './client-info.ts';

const routes = apiRoutes.sso;

/**
 * Single sign-on: the browser goes to the provider (`start`) and comes back (`callback`), which signs in with the
 * same session as a password does and redirects into the app; refusals land on the sign-in page (or the profile,
 * for a link) as `?sso_error=<code>`, which the web app says in words. Never a 500 for the provider's doing.
 */
export function ssoRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.start, async (request, reply) => {
      if (!context.config.oidc) return reply.redirect('/login?sso_error=not_configured', 302);
      try {
        return reply.redirect(await context.sso.startSignIn(request.query.redirect), 302);
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on: the provider could not be reached');
        return reply.redirect('/login?sso_error=failed', 302);
      }
    });

    serve(app, routes.callback, async (request, reply) => {
      const query = request.raw.url?.split('?')[1] ?? '';
      const outcome = await context.sso.callback(query);
      if (outcome.kind === 'refused') {
        return reply.redirect(`${outcome.linking ? '/profile' : '/login'}?sso_error=${outcome.code}`, 302);
      }
      if (outcome.kind === 'linked') return reply.redirect(`${outcome.returnTo}?sso_linked=1`, 302);
      const { user, returnTo } = outcome;
      // Two-factor sign-in stays on for single sign-on: the code is asked next. The challenge travels in the
      // fragment, which browsers send to no server and no Referer carries.
      const challenge = await context.twoFactor.challengeFor(user);
      if (challenge) {
        return reply.redirect(
          `/login?redirect=${encodeURIComponent(returnTo)}#two_factor=${encodeURIComponent(challenge)}`,
          302,
        );
      }
      if (request.auth?.via === 'session') await context.auth.destroySession(request.auth.sessionId);
      const session = await context.auth.createSession(user, clientInfo(request));
      setSessionCookie(context, reply, session.cookieValue, session.expiresAt, request);
      return reply.redirect(returnTo, 302);
    });

    serve(app, routes.link, async (request) => context.sso.startLink(requireSessionUser(request)));

    serve(app, routes.identities, async (request) => context.sso.identities(requireSessionUser(request)));

    serve(app, routes.unlink, async (request, reply) => {
      await context.sso.unlink(requireSessionUser(request), request.params.id);
      return reply.status(204).send();
    });

    serve(app, routes.adminStatus, async (request) => {
      requireUser(request);
      return context.sso.adminStatus(actorOrAnonymous(request));
    });
  };
}
