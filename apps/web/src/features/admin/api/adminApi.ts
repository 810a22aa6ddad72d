import type {
  DiagnosticLog,
  AdminAddWorkspaceMemberRequest,
  AdminCreateUserRequest,
  AdminCreateWorkspaceRequest,
  AdminProjectListResponse,
  AdminProjectSortField,
  AdminServerInfo,
  AdminUpdateUserRequest,
  AdminUser,
  AdminUserListResponse,
  AdminUserSortField,
  AdminWorkspace,
  AdminWorkspaceListResponse,
  AdminWorkspaceMember,
  AdminWorkspaceSortField,
  MaintenanceResponse,
  ServerUsage,
  WorkspaceRole,
} from '@waymark/contract';
import { apiRoutes, pathOf } from '@waymark/contract';
import { api } from '../../../lib/api/api.ts';

/** One page of an admin list: the query every list call takes. */
export interface AdminListParams<F extends string> {
  page: number;
  perPage: number;
  orderBy: F;
  descending: boolean;
  /** Trimmed search text; empty lists everything. */
  like: string;
}

function listQuery<F extends string>(params: AdminListParams<F>) {
  return {
    page: params.page,
    per_page: params.perPage,
    order_by: params.orderBy,
    descending: params.descending,
    ...(params.like ? { like: params.like } : {}),
  };
}

// Users

/** GET /app/admin/users */
export async function fetchAdminUsers(
  params: AdminListParams<AdminUserSortField>,
): Promise<AdminUserListResponse> {
  return api.admin.listUsers({ query: listQuery(params) });
}

/** POST /app/admin/user: with a password, or without one (the user is mailed an invitation). */
export async function createAdminUser(body: AdminCreateUserRequest): Promise<AdminUser> {
  return api.admin.createUser({ body });
}

/** PATCH /app/admin/user/{username}: superuser status and active state. */
export async function updateAdminUser(username: string, body: AdminUpdateUserRequest): Promise<AdminUser> {
  return api.admin.updateUser({ params: { username }, body });
}

/** DELETE /app/admin/user/{username}: the account is anonymised as closing it does. */
export async function deleteAdminUser(username: string): Promise<void> {
  await api.admin.deleteUser({ params: { username } });
}

/** POST /app/admin/user/{username}/reset-password: mails the user a password reset link. */
export async function sendAdminPasswordReset(username: string): Promise<void> {
  await api.admin.sendPasswordReset({ params: { username } });
}

// Workspaces

/** GET /app/admin/workspaces */
export async function fetchAdminWorkspaces(
  params: AdminListParams<AdminWorkspaceSortField>,
): Promise<AdminWorkspaceListResponse> {
  return api.admin.listWorkspaces({ query: listQuery(params) });
}

/** POST /app/admin/workspaces */
export async function createAdminWorkspace(body: AdminCreateWorkspaceRequest): Promise<AdminWorkspace> {
  return api.admin.createWorkspace({ body });
}

/** PATCH /app/admin/workspaces/{id}: the storage quota in bytes. */
export async function updateAdminWorkspaceQuota(id: number, storage: number): Promise<AdminWorkspace> {
  return api.admin.updateWorkspace({ params: { id }, body: { storage } });
}

/** GET /app/admin/workspaces/{id}/members */
export async function fetchAdminWorkspaceMembers(id: number): Promise<AdminWorkspaceMember[]> {
  return api.admin.listMembers({ params: { id } });
}

/** POST /app/admin/workspaces/{id}/members */
export async function addAdminWorkspaceMember(
  id: number,
  body: AdminAddWorkspaceMemberRequest,
): Promise<AdminWorkspaceMember> {
  return api.admin.addMember({ params: { id }, body });
}

/** PATCH /app/admin/workspaces/{id}/members/{user_id} */
export async function updateAdminWorkspaceMember(
  id: number,
  userId: number,
  role: WorkspaceRole,
): Promise<AdminWorkspaceMember> {
  return api.admin.changeMember({ params: { id, user_id: userId }, body: { role } });
}

/** DELETE /app/admin/workspaces/{id}/members/{user_id} */
export async function removeAdminWorkspaceMember(id: number, userId: number): Promise<void> {
  await api.admin.removeMember({ params: { id, user_id: userId } });
}

// Projects

/** GET /app/admin/projects; `removed` lists only the projects scheduled for deletion. */
export async function fetchAdminProjects(
  params: AdminListParams<AdminProjectSortField> & { removed: boolean },
): Promise<AdminProjectListResponse> {
  return api.admin.listProjects({ query: { ...listQuery(params), removed: params.removed } });
}

/** POST /app/project/removed-project/restore/{id} */
export async function restoreRemovedProject(id: string): Promise<void> {
  await api.admin.restoreProject({ params: { id } });
}

/** DELETE /app/project/removed-project/{id}: deletes a project scheduled for deletion now. */
export async function deleteRemovedProject(id: string): Promise<void> {
  await api.admin.deleteProjectNow({ params: { id } });
}

// Server

/** GET /app/admin/usage */
export async function fetchServerUsage(): Promise<ServerUsage> {
  return api.admin.usage();
}

/** GET /app/admin/server */
export async function fetchServerInfo(): Promise<AdminServerInfo> {
  return api.admin.serverInfo();
}

/** PUT /app/admin/maintenance: the admin switch of read-only maintenance. */
export async function setMaintenance(maintenance: boolean): Promise<MaintenanceResponse> {
  return api.admin.setMaintenance({ body: { maintenance } });
}

/** PATCH /v2/projects/{id}: renames a project (superusers may rename any). */
export async function renameAdminProject(projectId: string, name: string): Promise<void> {
  await api.projectsById.rename({ params: { id: projectId }, body: { name } });
}

/** GET /app/admin/diagnostic-logs: the logs the apps sent, newest first. */
export async function fetchDiagnosticLogs(): Promise<DiagnosticLog[]> {
  return api.diagnosticLogs.list();
}

/** Where a diagnostic log downloads (the session cookie authorises it). */
export function diagnosticLogUrl(name: string): string {
  return pathOf(apiRoutes.diagnosticLogs.download, { name });
}

/** The usage report's address (GET /app/admin/report), both days included (`YYYY-MM-DD`, UTC). */
export function usageReportUrl(dateFrom: string, dateTo: string): string {
  const query = new URLSearchParams({ date_from: dateFrom, date_to: dateTo });
  return `${pathOf(apiRoutes.admin.report)}?${query.toString()}`;
}
