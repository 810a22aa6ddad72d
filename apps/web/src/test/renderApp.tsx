import { render } from '@testing-library/react';
import type { UserProfile, Workspace } from '@waymark/contract';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App.tsx';
import { connectApiClient } from '../app/connectApiClient.ts';
import { createQueryClient } from '../lib/query/createQueryClient.ts';
import { createRoutes } from '../app/routes.tsx';
import { http } from '../lib/api/http.ts';
import { createStubAdapter, type StubReply } from './stubAdapter.ts';

export const TEST_USER: UserProfile = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  verified_email: true,
  registration_date: '2024-01-01T00:00:00Z',
  last_signed_in: null,
  receive_notifications: true,
  first_name: 'Ada',
  last_name: 'Lovelace-Byron of Ockham',
  name: 'Ada Lovelace-Byron of Ockham',
  can_edit_profile: true,
  workspaces: [{ id: 3, name: 'field-team', role: 'owner' }],
  preferred_workspace: 3,
  invitations: [],
};

export const TEST_WORKSPACES: Workspace[] = [
  { id: 3, name: 'field-team', storage: 1000, disk_usage: 10, project_count: 2, role: 'owner' },
];

export const PING = {
  service: 'waymark',
  status: 'ok',
  base_url: 'http://localhost',
  endpoints: {},
  version: '2025.1.0',
  blacklist_dirs: [],
  blacklist_files: [],
  maintenance: false,
  subscriptions_enabled: false,
};

export const CONFIG = {
  docs_url: 'https://docs.example.com',
  global_read: false,
  global_write: false,
  global_admin: false,
};

type Table = Parameters<typeof createStubAdapter>[0];

interface ServerOptions {
  isAuthenticated?: boolean;
  isSuperuser?: boolean;
  isMaintenance?: boolean;
  overrides?: Table;
}

/** A stubbed server for the start-up calls; `overrides` replace or add answers. */
export function stubServer({
  isAuthenticated = false,
  isSuperuser = false,
  isMaintenance = false,
  overrides = {},
}: ServerOptions) {
  const init: StubReply = {
    data: { authenticated: isAuthenticated, superuser: isSuperuser },
    headers: { 'x-csrf-token': 'csrf-1' },
  };
  const stub = createStubAdapter({
    'GET /app/init': init,
    'GET /ping': { data: { ...PING, maintenance: isMaintenance } },
    'GET /config': { data: CONFIG },
    'GET /v1/user/profile': { data: TEST_USER },
    'GET /v1/workspaces': { data: TEST_WORKSPACES },
    'POST /app/auth/logout': { data: {} },
    'GET /app/auth/two-factor': { data: { enabled: false, recovery_codes_left: 0, required_by: [] } },
    ...overrides,
  });
  http.defaults.adapter = stub.adapter;
  return stub;
}

/** Renders the whole app (real routes, guards and shell) at `path` against the stubbed server. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  connectApiClient(queryClient, router);
  const view = render(<App queryClient={queryClient} router={router} />);
  return { ...view, router, queryClient };
}

/** Path plus query of the router's current location. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
