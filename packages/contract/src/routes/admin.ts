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
  adminUserSchema,
  adminUsernameParamsSchema,
  adminWorkspaceListQuerySchema,
  adminWorkspaceListResponseSchema,
  adminWorkspaceMemberListSchema,
  adminWorkspaceMemberParamsSchema,
  adminWorkspaceMemberSchema,
  adminWorkspaceSchema,
  maintenanceRequestSchema,
  maintenanceResponseSchema,
  serverUsageSchema,
} from '../admin.ts';
import { usageReportQuerySchema } from '../downloads.ts';
import { fileStreamResponseSchema } from '../ids.ts';
import { projectIdParamsSchema } from '../project.ts';
import { workspaceIdParamsSchema } from '../workspace.ts';
import type { RouteTable } from './route.ts';
import { noContentResponses } from './shared.ts';

/** The paths shared by several routes, with their parameters. */
const adminUser = { path: '/app/admin/user/:username', params: adminUsernameParamsSchema } as const;
const adminMembers = { path: '/app/admin/workspaces/:id/members', params: workspaceIdParamsSchema } as const;
const adminMember = {
  path: '/app/admin/workspaces/:id/members/:user_id',
  params: adminWorkspaceMemberParamsSchema,
} as const;

/** The admin panel's calls (issue 13): superusers only. */
export const adminRoutes = {
  // Users
  listUsers: {
    method: 'GET',
    path: '/app/admin/users',
    query: adminUserListQuerySchema,
    responses: { 200: adminUserListResponseSchema },
  },
  createUser: {
    method: 'POST',
    path: '/app/admin/user',
    body: adminCreateUserRequestSchema,
    responses: { 201: adminUserSchema },
  },
  getUser: {
    method: 'GET',
    ...adminUser,
    responses: { 200: adminUserSchema },
  },
  updateUser: {
    method: 'PATCH',
    ...adminUser,
    body: adminUpdateUserRequestSchema,
    responses: { 200: adminUserSchema },
  },
  deleteUser: {
    method: 'DELETE',
    ...adminUser,
    responses: noContentResponses,
  },
  sendPasswordReset: {
    method: 'POST',
    path: '/app/admin/user/:username/reset-password',
    params: adminUsernameParamsSchema,
    responses: noContentResponses,
  },

  // Workspaces
  listWorkspaces: {
    method: 'GET',
    path: '/app/admin/workspaces',
    query: adminWorkspaceListQuerySchema,
    responses: { 200: adminWorkspaceListResponseSchema },
  },
  createWorkspace: {
    method: 'POST',
    path: '/app/admin/workspaces',
    body: adminCreateWorkspaceRequestSchema,
    responses: { 201: adminWorkspaceSchema },
  },
  updateWorkspace: {
    method: 'PATCH',
    path: '/app/admin/workspaces/:id',
    params: workspaceIdParamsSchema,
    body: adminUpdateWorkspaceRequestSchema,
    responses: { 200: adminWorkspaceSchema },
  },
  listMembers: {
    method: 'GET',
    ...adminMembers,
    responses: { 200: adminWorkspaceMemberListSchema },
  },
  addMember: {
    method: 'POST',
    ...adminMembers,
    body: adminAddWorkspaceMemberRequestSchema,
    responses: { 201: adminWorkspaceMemberSchema },
  },
  changeMember: {
    method: 'PATCH',
    ...adminMember,
    body: adminUpdateWorkspaceMemberRequestSchema,
    responses: { 200: adminWorkspaceMemberSchema },
  },
  removeMember: {
    method: 'DELETE',
    ...adminMember,
    responses: noContentResponses,
  },

  // Projects
  listProjects: {
    method: 'GET',
    path: '/app/admin/projects',
    query: adminProjectListQuerySchema,
    responses: { 200: adminProjectListResponseSchema },
  },
  restoreProject: {
    method: 'POST',
    path: '/app/project/removed-project/restore/:id',
    params: projectIdParamsSchema,
    responses: { 201: adminProjectSchema },
  },
  deleteProjectNow: {
    method: 'DELETE',
    path: '/app/project/removed-project/:id',
    params: projectIdParamsSchema,
    responses: noContentResponses,
  },

  // Server
  usage: { method: 'GET', path: '/app/admin/usage', responses: { 200: serverUsageSchema } },
  report: {
    method: 'GET',
    path: '/app/admin/report',
    query: usageReportQuerySchema,
    responses: { 200: fileStreamResponseSchema },
  },
  serverInfo: { method: 'GET', path: '/app/admin/server', responses: { 200: adminServerInfoSchema } },
  setMaintenance: {
    method: 'PUT',
    path: '/app/admin/maintenance',
    body: maintenanceRequestSchema,
    responses: { 200: maintenanceResponseSchema },
  },
} as const satisfies RouteTable;
