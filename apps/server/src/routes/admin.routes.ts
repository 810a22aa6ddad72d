import {
  adminAddWorkspaceMemberRequestSchema,
  adminCreateUserRequestSchema,
  adminCreateWorkspaceRequestSchema,
  adminProjectListQuerySchema,
  adminProjectListResponseSchema,
  adminProjectSchema,
  adminServerInfoSchema,
  adminUpdateUserRequestSchema,
  adminUpdateWorkspaceMemberRequestSchema,
  adminUpdateWorkspaceRequestSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUsernameParamsSchema,
  adminUserSchema,
  adminWorkspaceListQuerySchema,
  adminWorkspaceListResponseSchema,
  adminWorkspaceMemberListSchema,
  adminWorkspaceMemberParamsSchema,
  adminWorkspaceMemberSchema,
  adminWorkspaceSchema,
  fileStreamResponseSchema,
  maintenanceRequestSchema,
  maintenanceResponseSchema,
  noContentResponseSchema,
  projectIdParamsSchema,
  serverUsageSchema,
  USAGE_REPORT_TEXTS,
  usageReportQuerySchema,
  workspaceIdParamsSchema,
} from '@waymark/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { actorOrAnonymous, requireActor } from '../plugins/auth.ts';

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
    app.get(
      '/app/admin/users',
      { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListResponseSchema } } },
      async (request) => admin.listUsers(actor(request), request.query),
    );
    app.post(
      '/app/admin/user',
      { schema: { body: adminCreateUserRequestSchema, response: { 201: adminUserSchema } } },
      async (request, reply) => reply.status(201).send(await admin.createUser(actor(request), request.body)),
    );
    app.get(
      '/app/admin/user/:username',
      { schema: { params: adminUsernameParamsSchema, response: { 200: adminUserSchema } } },
      async (request) => admin.getUser(actor(request), request.params.username),
    );
    app.patch(
      '/app/admin/user/:username',
      {
        schema: {
          params: adminUsernameParamsSchema,
          body: adminUpdateUserRequestSchema,
          response: { 200: adminUserSchema },
        },
      },
      async (request) => admin.updateUser(actor(request), request.params.username, request.body),
    );
    app.delete(
      '/app/admin/user/:username',
      { schema: { params: adminUsernameParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await admin.deleteUser(actor(request), request.params.username);
        return reply.status(204).send();
      },
    );
    app.post(
      '/app/admin/user/:username/reset-password',
      { schema: { params: adminUsernameParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await admin.sendPasswordReset(actor(request), request.params.username);
        return reply.status(204).send();
      },
    );

    // Workspaces
    app.get(
      '/app/admin/workspaces',
      {
        schema: {
          querystring: adminWorkspaceListQuerySchema,
          response: { 200: adminWorkspaceListResponseSchema },
        },
      },
      async (request) => admin.listWorkspaces(actor(request), request.query),
    );
    app.post(
      '/app/admin/workspaces',
      { schema: { body: adminCreateWorkspaceRequestSchema, response: { 201: adminWorkspaceSchema } } },
      async (request, reply) =>
        reply.status(201).send(await admin.createWorkspace(actor(request), request.body)),
    );
    app.patch(
      '/app/admin/workspaces/:id',
      {
        schema: {
          params: workspaceIdParamsSchema,
          body: adminUpdateWorkspaceRequestSchema,
          response: { 200: adminWorkspaceSchema },
        },
      },
      async (request) => admin.setWorkspaceStorage(actor(request), request.params.id, request.body.storage),
    );
    app.get(
      '/app/admin/workspaces/:id/members',
      { schema: { params: workspaceIdParamsSchema, response: { 200: adminWorkspaceMemberListSchema } } },
      async (request) => admin.listMembers(actor(request), request.params.id),
    );
    app.post(
      '/app/admin/workspaces/:id/members',
      {
        schema: {
          params: workspaceIdParamsSchema,
          body: adminAddWorkspaceMemberRequestSchema,
          response: { 201: adminWorkspaceMemberSchema },
        },
      },
      async (request, reply) => {
        const { username, role } = request.body;
        return reply
          .status(201)
          .send(await admin.addMember(actor(request), request.params.id, username, role));
      },
    );
    app.patch(
      '/app/admin/workspaces/:id/members/:user_id',
      {
        schema: {
          params: adminWorkspaceMemberParamsSchema,
          body: adminUpdateWorkspaceMemberRequestSchema,
          response: { 200: adminWorkspaceMemberSchema },
        },
      },
      async (request) =>
        admin.changeMember(actor(request), request.params.id, request.params.user_id, request.body.role),
    );
    app.delete(
      '/app/admin/workspaces/:id/members/:user_id',
      { schema: { params: adminWorkspaceMemberParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await admin.removeMember(actor(request), request.params.id, request.params.user_id);
        return reply.status(204).send();
      },
    );

    // Projects
    app.get(
      '/app/admin/projects',
      {
        schema: {
          querystring: adminProjectListQuerySchema,
          response: { 200: adminProjectListResponseSchema },
        },
      },
      async (request) => admin.listProjects(actor(request), request.query),
    );
    app.post(
      '/app/project/removed-project/restore/:id',
      { schema: { params: projectIdParamsSchema, response: { 201: adminProjectSchema } } },
      async (request, reply) =>
        reply.status(201).send(await admin.restoreProject(actor(request), request.params.id)),
    );
    app.delete(
      '/app/project/removed-project/:id',
      { schema: { params: projectIdParamsSchema, response: { 204: noContentResponseSchema } } },
      async (request, reply) => {
        await admin.deleteProjectNow(actor(request), request.params.id);
        return reply.status(204).send();
      },
    );

    // Server
    app.get('/app/admin/usage', { schema: { response: { 200: serverUsageSchema } } }, async (request) =>
      admin.usage(actor(request)),
    );
    app.get(
      '/app/admin/report',
      { schema: { querystring: usageReportQuerySchema, response: { 200: fileStreamResponseSchema } } },
      async (request, reply) =>
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename=${USAGE_REPORT_TEXTS.fileName}`)
          .send(Readable.from(context.usageReport.report(actor(request), request.query))),
    );
    app.get('/app/admin/server', { schema: { response: { 200: adminServerInfoSchema } } }, async (request) =>
      admin.serverInfo(actor(request)),
    );
    app.put(
      '/app/admin/maintenance',
      { schema: { body: maintenanceRequestSchema, response: { 200: maintenanceResponseSchema } } },
      async (request) => admin.setMaintenance(actor(request), request.body.maintenance),
    );
  };
}
