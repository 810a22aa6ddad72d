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
import { http } from '../../../lib/api/http.ts';

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

const userPath = (username: string) => `/app/admin/user/${encodeURIComponent(username)}`;
const workspacePath = (id: number) => `/app/admin/workspaces/${id}`;

// Users

/** GET /app/admin/users */
export async function fetchAdminUsers(
  params: AdminListParams<AdminUserSortField>,
): Promise<AdminUserListResponse> {
  return (await http.get<AdminUserListResponse>('/app/admin/users', { params: listQuery(params) })).data;
}

/** POST /app/admin/user: with a password, or without one (the user is mailed an invitation). */
export async function createAdminUser(body: AdminCreateUserRequest): Promise<AdminUser> {
  return (await http.post<AdminUser>('/app/admin/user', body)).data;
}

/** PATCH /app/admin/user/{username}: superuser status and active state. */
export async function updateAdminUser(username: string, body: AdminUpdateUserRequest): Promise<AdminUser> {
  return (await http.patch<AdminUser>(userPath(username), body)).data;
}

/** DELETE /app/admin/user/{username}: the account is anonymised as closing it does. */
export async function deleteAdminUser(username: string): Promise<void> {
  await http.delete(userPath(username));
}

/** POST /app/admin/user/{username}/reset-password: mails the user a password reset link. */
export async function sendAdminPasswordReset(username: string): Promise<void> {
  await http.post(`${userPath(username)}/reset-password`);
}

// Workspaces

/** GET /app/admin/workspaces */
export async function fetchAdminWorkspaces(
  params: AdminListParams<AdminWorkspaceSortField>,
): Promise<AdminWorkspaceListResponse> {
  return (await http.get<AdminWorkspaceListResponse>('/app/admin/workspaces', { params: listQuery(params) }))
    .data;
}

/** POST /app/admin/workspaces */
export async function createAdminWorkspace(body: AdminCreateWorkspaceRequest): Promise<AdminWorkspace> {
  return (await http.post<AdminWorkspace>('/app/admin/workspaces', body)).data;
}

/** PATCH /app/admin/workspaces/{id}: the storage quota in bytes. */
export async function updateAdminWorkspaceQuota(id: number, storage: number): Promise<AdminWorkspace> {
  return (await http.patch<AdminWorkspace>(workspacePath(id), { storage })).data;
}

/** GET /app/admin/workspaces/{id}/members */
export async function fetchAdminWorkspaceMembers(id: number): Promise<AdminWorkspaceMember[]> {
  return (await http.get<AdminWorkspaceMember[]>(`${workspacePath(id)}/members`)).data;
}

/** POST /app/admin/workspaces/{id}/members */
export async function addAdminWorkspaceMember(
  id: number,
  body: AdminAddWorkspaceMemberRequest,
): Promise<AdminWorkspaceMember> {
  return (await http.post<AdminWorkspaceMember>(`${workspacePath(id)}/members`, body)).data;
}

/** PATCH /app/admin/workspaces/{id}/members/{user_id} */
export async function updateAdminWorkspaceMember(
  id: number,
  userId: number,
  role: WorkspaceRole,
): Promise<AdminWorkspaceMember> {
  return (await http.patch<AdminWorkspaceMember>(`${workspacePath(id)}/members/${userId}`, { role })).data;
}

/** DELETE /app/admin/workspaces/{id}/members/{user_id} */
export async function removeAdminWorkspaceMember(id: number, userId: number): Promise<void> {
  await http.delete(`${workspacePath(id)}/members/${userId}`);
}

// Projects

/** GET /app/admin/projects; `removed` lists only the projects scheduled for deletion. */
export async function fetchAdminProjects(
  params: AdminListParams<AdminProjectSortField> & { removed: boolean },
): Promise<AdminProjectListResponse> {
  return (
    await http.get<AdminProjectListResponse>('/app/admin/projects', {
      params: { ...listQuery(params), removed: params.removed },
    })
  ).data;
}

/** POST /app/project/removed-project/restore/{id} */
export async function restoreRemovedProject(id: string): Promise<void> {
  await http.post(`/app/project/removed-project/restore/${encodeURIComponent(id)}`);
}

/** DELETE /app/project/removed-project/{id}: deletes a project scheduled for deletion now. */
export async function deleteRemovedProject(id: string): Promise<void> {
  await http.delete(`/app/project/removed-project/${encodeURIComponent(id)}`);
}

// Server

/** GET /app/admin/usage */
export async function fetchServerUsage(): Promise<ServerUsage> {
  return (await http.get<ServerUsage>('/app/admin/usage')).data;
}

/** GET /app/admin/server */
export async function fetchServerInfo(): Promise<AdminServerInfo> {
  return (await http.get<AdminServerInfo>('/app/admin/server')).data;
}

/** PUT /app/admin/maintenance: the admin switch of read-only maintenance. */
export async function setMaintenance(maintenance: boolean): Promise<MaintenanceResponse> {
  return (await http.put<MaintenanceResponse>('/app/admin/maintenance', { maintenance })).data;
}

/** PATCH /v2/projects/{id}: renames a project (superusers may rename any). */
export async function renameAdminProject(projectId: string, name: string): Promise<void> {
  await http.patch(`/v2/projects/${encodeURIComponent(projectId)}`, { name });
}

/** GET /app/admin/diagnostic-logs: the logs the apps sent, newest first. */
export async function fetchDiagnosticLogs(): Promise<DiagnosticLog[]> {
  return (await http.get<DiagnosticLog[]>('/app/admin/diagnostic-logs')).data;
}

/** Where a diagnostic log downloads (the session cookie authorises it). */
export function diagnosticLogUrl(name: string): string {
  return `/app/admin/diagnostic-logs/${encodeURIComponent(name)}`;
}

/** The usage report's address (GET /app/admin/report), both days included (`YYYY-MM-DD`, UTC). */
export function usageReportUrl(dateFrom: string, dateTo: string): string {
  return `/app/admin/report?${new URLSearchParams({ date_from: dateFrom, date_to: dateTo }).toString()}`;
}
