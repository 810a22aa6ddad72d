import { apiRoutes, UPDATE_PROJECT_ACCESS_ERROR } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';
import { sendJsonStream } from '../lib/json-stream.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.projects;

const userAgentOf = (headers: Record<string, unknown>) =>
  typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null;

/** Projects: the Mergin v1 calls, the v2 schedule-delete and the web app's private calls. */
export function projectRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { projects, projectMembers } = context;
  return async (app) => {
    serve(app, routes.list, async (request) => projects.list(actorOrAnonymous(request), request.query));

    serve(app, routes.create, async (request) => {
      await projects.create({
        actor: requireActor(request),
        namespace: request.params.namespace,
        name: request.body.name,
        isPublic: request.body.public,
        request: { userAgent: userAgentOf(request.headers) },
      });
      return {};
    });

    serve(
      app,
      routes.downloadZip,
      async (request, reply) => {
        const { fileName, zip } = await projects.downloadZip(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query.version,
        );
        // Headers are gone by then: the client sees a cut connection, the log says why.
        zip.stream.on('error', (error) => request.log.error({ err: error }, 'zip download failed'));
        if (zip.size >= 0) reply.header('Content-Length', zip.size);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', attachmentHeader(fileName))
          .send(zip.stream);
      },
      { config: { transfer: 'download' } },
    );

    serve(app, routes.byUuid, async (request, reply) =>
      sendJsonStream(reply, await projects.getById(actorOrAnonymous(request), request.params.id)),
    );

    // Static path: wins over `/v1/project/:namespace` (a workspace named `by_names` keeps its projects elsewhere).
    serve(app, routes.byNames, async (request) =>
      projects.byNames(actorOrAnonymous(request), request.body.projects),
    );

    serve(app, routes.updateAccess, async (request, reply) => {
      const { project, invalidUsernames } = await projectMembers.updateAccess(
        requireActor(request),
        request.params.namespace,
        request.params.name,
        request.body,
      );
      if (invalidUsernames.length === 0) return reply.status(200).send(project);
      // Some changes applied, some usernames skipped: the reference answers Multi-Status.
      return reply.status(207).send({
        ...UPDATE_PROJECT_ACCESS_ERROR,
        invalid_usernames: invalidUsernames,
        invalid_ids: [],
        project,
      });
    });

    serve(app, routes.clone, async (request) => {
      await projects.clone({
        actor: requireActor(request),
        namespace: request.params.namespace,
        name: request.params.name,
        body: request.body ?? {},
        request: { userAgent: userAgentOf(request.headers) },
      });
      return {};
    });

    serve(app, routes.scheduleDelete, async (request, reply) => {
      await projects.scheduleDelete(requireActor(request), request.params.id);
      return reply.status(204).send();
    });

    serve(app, routes.setPublic, async (request, reply) => {
      await projects.setPublic(requireActor(request), request.params.id, request.body.public);
      return reply.status(204).send();
    });

    serve(app, routes.unsubscribe, async (request) => {
      await projects.unsubscribe(requireActor(request), request.params.id);
      return {};
    });

    serve(app, routes.templates, async (request) => {
      requireActor(request);
      return projects.templates();
    });
  };
}
