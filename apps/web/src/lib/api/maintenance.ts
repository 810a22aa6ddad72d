import { apiRoutes, MAINTENANCE_TEXT } from '@waymark/contract';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';

/** Error code of the locally produced read-only answer, so other handlers can tell it from a real 503. */
export const MAINTENANCE_ERROR_CODE = 'ERR_READ_ONLY_MAINTENANCE';

/**
 * Writes still allowed in maintenance (SPEC §4): the server keeps answering them, and without login
 * nobody could read anything at all; nor could a superuser turn maintenance off again. Signing out (a POST,
 * with the CSRF token) stays possible too.
 */
export const MAINTENANCE_ALLOWED_PATHS: string[] = [
  apiRoutes.projects.byNames.path,
  apiRoutes.auth.login.path,
  apiRoutes.auth.logout.path,
  apiRoutes.auth.apiLogin.path,
  apiRoutes.admin.setMaintenance.path,
];

const READ_METHODS = new Set(['get', 'head', 'options']);

/** True when a request must be stopped locally because the service is read-only. */
export function isBlockedByMaintenance(config: Pick<InternalAxiosRequestConfig, 'method' | 'url'>): boolean {
  const method = (config.method ?? 'get').toLowerCase();
  if (READ_METHODS.has(method)) return false;
  const url = config.url ?? '';
  return !MAINTENANCE_ALLOWED_PATHS.some((path) => url.includes(path));
}

/** A 503-like axios error that mimics a server answer, so callers handle it like any other failure. */
export function createMaintenanceError(config: InternalAxiosRequestConfig): AxiosError {
  const data = { detail: MAINTENANCE_TEXT };
  return new AxiosError(MAINTENANCE_TEXT, MAINTENANCE_ERROR_CODE, config, undefined, {
    status: 503,
    statusText: 'Service Unavailable',
    data,
    headers: new AxiosHeaders(),
    config,
  });
}
