import { apiRoutes, USAGE_REPORT_TEXTS } from '@waymark/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.admin;

/**
 * The admin panel's calls (issue 13): users, workspaces and their members, every project and the removed ones,
 * usage, server information and the maintenance switch. Superusers only: the admin service is asked before the
 * request's parameters and body are validated, so other callers learn nothing of them (401, then 403).
 */
export function adminRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { admin } = context;
  return async (app) => {
    app.addHook('preValidation', async (request) => {
      admin.authorize(requireActor(request));
    });
    const actor = actorOrAnonymous;

    // Users
    serve(app, routes.listUsers, async (request) => admin.listUsers(actor(request), request.query));
    serve(app, routes.createUser, async (request, reply) =>
      reply.status(201).send(await admin.createUser(actor(request), request.body)),
    );
    serve(app, routes.getUser, async (request) => admin.getUser(actor(request), request.params.username));
    serve(app, routes.updateUser, async (request) =>
      admin.updateUser(actor(request), request.params.username, request.body),
    );
    serve(app, routes.deleteUser, async (request, reply) => {
      await admin.deleteUser(actor(request), request.params.username);
      return reply.status(204).send();
    });
    serve(app, routes.sendPasswordReset, async (request, reply) => {
      await admin.sendPasswordReset(actor(request), request.params.username);
      return reply.status(204).send();
    });

    // Workspaces
    serve(app, routes.listWorkspaces, async (request) => admin.listWorkspaces(actor(request), request.query));
    serve(app, routes.createWorkspace, async (request, reply) =>
      reply.status(201).send(await admin.createWorkspace(actor(request), request.body)),
    );
    serve(app, routes.updateWorkspace, async (request) =>
      admin.setWorkspaceStorage(actor(request), request.params.id, request.body.storage),
    );
    serve(app, routes.listMembers, async (request) => admin.listMembers(actor(request), request.params.id));
    serve(app, routes.addMember, async (request, reply) => {
      const { username, role } = request.body;
      return reply.status(201).send(await admin.addMember(actor(request), request.params.id, username, role));
    });
    serve(app, routes.changeMember, async (request) =>
      admin.changeMember(actor(request), request.params.id, request.params.user_id, request.body.role),
    );
    serve(app, routes.removeMember, async (request, reply) => {
      await admin.removeMember(actor(request), request.params.id, request.params.user_id);
      return reply.status(204).send();
    });

    // Projects
    serve(app, routes.listProjects, async (request) => admin.listProjects(actor(request), request.query));
    serve(app, routes.restoreProject, async (request, reply) =>
      reply.status(201).send(await admin.restoreProject(actor(request), request.params.id)),
    );
    serve(app, routes.deleteProjectNow, async (request, reply) => {
      await admin.deleteProjectNow(actor(request), request.params.id);
      return reply.status(204).send();
    });

    // Server
    serve(app, routes.usage, async (request) => admin.usage(actor(request)));
    serve(app, routes.report, async (request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename=${USAGE_REPORT_TEXTS.fileName}`)
        .send(Readable.from(context.usageReport.report(actor(request), request.query))),
    );
    serve(app, routes.serverInfo, async (request) => admin.serverInfo(actor(request)));
    serve(app, routes.setMaintenance, async (request) =>
      admin.setMaintenance(actor(request), request.body.maintenance),
    );
  };
}
