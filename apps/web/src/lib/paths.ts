/** Builders of in-app paths, so links and redirects are spelled in one place. */

const segment = (value: string) => encodeURIComponent(value);

export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/login/reset';
export const DASHBOARD_PATH = '/dashboard';
export const PROFILE_PATH = '/profile';
export const PROJECTS_PATH = '/projects';
export const EXPLORE_PATH = '/projects/explore';
export const MY_PROJECTS_PATH = '/my-projects';
export const SHARED_PROJECTS_PATH = '/shared-projects';
export const ADMIN_PATH = '/admin';
export const ADMIN_USERS_PATH = '/admin/users';
export const ADMIN_WORKSPACES_PATH = '/admin/workspaces';
export const ADMIN_PROJECTS_PATH = '/admin/projects';
export const ADMIN_SERVER_PATH = '/admin/server';
export const ACCESS_REQUESTS_PATH = '/access-requests';
/** Where a member goes while a workspace requires two-factor sign-in they have not turned on (issue 29). */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';
export const ADMIN_TOKENS_PATH = '/admin/tokens';
export const WORKSPACE_WEBHOOKS_PATH = '/workspace/webhooks';

export function projectPath(namespace: string, projectName: string): string {
  return `${PROJECTS_PATH}/${segment(namespace)}/${segment(projectName)}`;
}

/** The files tab; `location` is a folder inside the project and may contain slashes. */
export function projectTreePath(namespace: string, projectName: string, location?: string): string {
  const base = `${projectPath(namespace, projectName)}/tree`;
  if (!location) return base;
  return `${base}/${location.split('/').map(segment).join('/')}`;
}

export function projectHistoryPath(namespace: string, projectName: string): string {
  return `${projectPath(namespace, projectName)}/history`;
}

/** The file version detail page (route file-version-detail); the file's path follows with its plain slashes. */
export function fileVersionDetailPath(
  namespace: string,
  projectName: string,
  version: string,
  path: string,
): string {
  return `${projectHistoryPath(namespace, projectName)}/${segment(version)}/${path.split('/').map(segment).join('/')}`;
}

/**
 * Encodes a query value the way the original app's router did: reserved characters that are legal
 * inside a query (`/`, `?`, `:`, `@`, `,`) stay readable, so `?redirect=/dashboard` reads as a path.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F|%3F|%3A|%40|%2C/gi, (match) => decodeURIComponent(match));
}

export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeQueryValue(value)}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** `/login?redirect=<full path>`; the guard sends logged-out visitors here (SPEC §2 "Route guards"). */
export function loginPathWithRedirect(fullPath: string, loginPath = LOGIN_PATH): string {
  return withQuery(loginPath, { redirect: fullPath });
}

/** Any origin of our own: only where a path leads matters, not which host serves the app. */
const REDIRECT_BASE = 'http://waymark.invalid';

/**
 * Control characters (C0, DEL, C1), which URL parsing drops (`/\t/evil.example` is read as `//evil.example`), and
 * backslashes, which it reads as slashes. In-app paths never hold them: the path builders encode segments.
 */
const UNSAFE_IN_REDIRECT = /[\p{Cc}\\]/u;

/**
 * Accepts only in-app absolute paths as a post-login target, so a crafted `redirect` cannot send a
 * user who just typed their password to another site, nor make the navigation fail after a successful
 * sign-in: anything else is refused and the caller falls back to the dashboard.
 */
export function getSafeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || UNSAFE_IN_REDIRECT.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, REDIRECT_BASE);
  } catch {
    return undefined;
  }
  // Still on our origin, and a path no later step can read as `//host`.
  if (url.origin !== REDIRECT_BASE || url.pathname.startsWith('//')) return undefined;
  return value;
}
