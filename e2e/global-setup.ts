import type { FullConfig } from '@playwright/test';
import { E2E_ADMIN, FIELD_TEAM } from './fixtures.ts';

async function call<T>(
  base: string,
  method: string,
  path: string,
  token: string | undefined,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Runs once the journeys' servers answer (Playwright starts the web server first). The server created its
 * database itself (e2e/serve.sh); what an operator would add next, the shared workspace with the superuser as
 * its owner, goes through the admin panel's calls, as the CLI cannot reach the embedded database while the
 * server holds it.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  // Every group of journeys has its own server (playwright.config.ts): each gets the workspace.
  const bases = new Set(
    config.projects.map((project) => (project.use.baseURL ?? '').replace('//localhost:', '//127.0.0.1:')),
  );
  await Promise.all([...bases].map((base) => addFieldTeam(base)));
}

async function addFieldTeam(base: string): Promise<void> {
  const login = await call<{ session: { token: string } }>(base, 'POST', '/v1/auth/login', undefined, {
    login: E2E_ADMIN.username,
    password: E2E_ADMIN.password,
  });
  const token = login.session.token;
  const workspace = await call<{ id: number }>(base, 'POST', '/app/admin/workspaces', token, {
    name: FIELD_TEAM.name,
    storage: FIELD_TEAM.storage,
  });
  await call(base, 'POST', `/app/admin/workspaces/${workspace.id}/members`, token, {
    username: E2E_ADMIN.username,
    role: 'owner',
  });
}
