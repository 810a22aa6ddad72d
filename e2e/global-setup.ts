import { E2E_ADMIN, E2E_PORT, FIELD_TEAM } from './fixtures.ts';

const BASE = `http://127.0.0.1:${E2E_PORT}`;

async function call<T>(method: string, path: string, token: string | undefined, body: unknown): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
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
 * Runs once the journeys' server answers (Playwright starts the web server first). The server created its
 * database itself (e2e/serve.sh); what an operator would add next, the shared workspace with the superuser as
 * its owner, goes through the admin panel's calls, as the CLI cannot reach the embedded database while the
 * server holds it.
 */
export default async function globalSetup(): Promise<void> {
  const login = await call<{ session: { token: string } }>('POST', '/v1/auth/login', undefined, {
    login: E2E_ADMIN.username,
    password: E2E_ADMIN.password,
  });
  const token = login.session.token;
  const workspace = await call<{ id: number }>('POST', '/app/admin/workspaces', token, {
    name: FIELD_TEAM.name,
    storage: FIELD_TEAM.storage,
  });
  await call('POST', `/app/admin/workspaces/${workspace.id}/members`, token, {
    username: E2E_ADMIN.username,
    role: 'owner',
  });
}
