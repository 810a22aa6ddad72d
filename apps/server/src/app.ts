import { archiveRoutes } from './routes/archive.routes.ts';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { MERGIN_API_VERSION, UPLOAD_CHUNK_SIZE } from '@waymark/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { trustProxyOption } from './plugins/trust-proxy.ts';
import { registerAuth } from './plugins/auth.ts';
import { answerClientError, frameworkErrorDetail, registerErrorHandler } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { sendError } from './plugins/problem.ts';
import { OneLinePerRequest, registerRequestLog, requestIdOf } from './plugins/request-log.ts';
import { guardSlowBodies, timeoutServerOptions } from './plugins/request-timeouts.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { accessRequestRoutes } from './routes/access-request.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { adminRoutes } from './routes/admin.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { changesetRoutes } from './routes/changeset.routes.ts';
import { collaboratorRoutes } from './routes/collaborator.routes.ts';
import { fileRoutes } from './routes/file.routes.ts';
import { mapRoutes } from './routes/map.routes.ts';
import { diagnosticLogRoutes } from './routes/diagnostic-log.routes.ts';
import { accessTokenRoutes } from './routes/access-token.routes.ts';
import { twoFactorRoutes } from './routes/two-factor.routes.ts';
import { ssoRoutes } from './routes/sso.routes.ts';
import { projectByIdRoutes } from './routes/project-by-id.routes.ts';
import { projectRoutes } from './routes/project.routes.ts';
import { pushRoutes } from './routes/push.routes.ts';
import { serviceRoutes } from './routes/service.routes.ts';
import { syncV2Routes } from './routes/sync-v2.routes.ts';
import { userRoutes } from './routes/user.routes.ts';
import { workspaceMemberRoutes } from './routes/workspace-members.routes.ts';
import { webhookRoutes } from './routes/webhook.routes.ts';
import { workspaceRoutes } from './routes/workspace.routes.ts';
import { extraOpenApiComponents } from './openapi.ts';

export type BuildAppOptions = { serveWebApp?: boolean };

/** Builds the Fastify app with every plugin and route; does not listen. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Widened to Fastify's logger type so plugins typed against the default instance accept this app.
    loggerInstance: context.log as FastifyBaseLogger,
    // One line per request of our own (plugins/request-log.ts) instead of Fastify's two; ids are ours too.
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    genReqId: requestIdOf,
    // The largest body is one upload chunk; anything bigger is refused with 413 before it is read.
    bodyLimit: UPLOAD_CHUNK_SIZE + 1024 * 1024,
    trustProxy: trustProxyOption(context.config.trustProxy),
    // Project paths carry names of up to 255 characters (and file paths later), beyond the default 100.
    routerOptions: { maxParamLength: 2048 },
    // Router errors (malformed URL encoding, too long parameters) answer in the same {detail} shape.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply as FastifyReply, error.statusCode ?? 400, {
        detail: frameworkErrorDetail(error.code),
      });
    },
    // Errors of Node's HTTP parser (e.g. 431 headers too large) answer the same {detail} shape.
    clientErrorHandler: answerClientError,
    // Slow headers, requests and idle connections are cut (docs/OPERATIONS.md, "Slow clients").
    ...timeoutServerOptions(context.config.timeouts),
  });
  registerRequestLog(app);
  guardSlowBodies(app.server, context.config.timeouts, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app, context.config);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Waymark API (Mergin Maps compatible)', version: MERGIN_API_VERSION },
      components: extraOpenApiComponents(),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerMetrics(app, context);
  registerAuth(app, context);
  await app.register(serviceRoutes(context));
  await app.register(authRoutes(context));
  await app.register(userRoutes(context));
  await app.register(accountRoutes(context));
  await app.register(workspaceRoutes(context));
  await app.register(workspaceMemberRoutes(context));
  await app.register(webhookRoutes(context));
  await app.register(projectRoutes(context));
  await app.register(projectByIdRoutes(context));
  await app.register(fileRoutes(context));
  await app.register(archiveRoutes(context));
  await app.register(changesetRoutes(context));
  await app.register(mapRoutes(context));
  await app.register(pushRoutes(context));
  await app.register(syncV2Routes(context));
  await app.register(accessRequestRoutes(context));
  await app.register(collaboratorRoutes(context));
  await app.register(adminRoutes(context));
  await app.register(diagnosticLogRoutes(context));
  await app.register(accessTokenRoutes(context));
  await app.register(twoFactorRoutes(context));
  await app.register(ssoRoutes(context));

  await registerWebApp(app, options.serveWebApp === false ? undefined : context.config.webDist);
  return app;
}
