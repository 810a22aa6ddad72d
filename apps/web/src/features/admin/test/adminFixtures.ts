import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminProject, type AdminUser, type AdminWorkspace } from '@waymark/contract';
import { renderApp } from '../../../test/renderApp.tsx';
import { tAdmin } from '../../../i18n/admin.ts';

/** An account as the admin users list shows it. */
export function buildAdminUser(id: number, username: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    username,
    email: `${username}@example.com`,
    verified_email: true,
    active: true,
    is_admin: false,
    scheduled_removal: null,
    registration_date: '2025-01-01T00:00:00Z',
    last_signed_in: null,
    two_factor_enabled: false,
    profile: {
      receive_notifications: true,
      first_name: null,
      last_name: null,
      registration_date: '2025-01-01T00:00:00Z',
      name: '',
      has_project: false,
    },
    ...overrides,
  };
}

/** A workspace of the admin workspaces list, without members yet. */
export const ADMIN_WORKSPACE: AdminWorkspace = {
  id: 7,
  name: 'Survey Crew',
  storage: 1024 ** 3,
  disk_usage: 0,
  project_count: 1,
  member_count: 0,
  created: '2025-01-01T00:00:00Z',
};

/** A project of the admin projects list; `removed` makes it one scheduled for deletion. */
export function buildAdminProject(name: string, removed = false): AdminProject {
  return {
    id: `p-${name}`,
    name,
    workspace: ADMIN_WORKSPACE.name,
    workspace_id: ADMIN_WORKSPACE.id,
    disk_usage: 10,
    version: 'v1',
    updated: '2025-01-01T00:00:00Z',
    created: '2025-01-01T00:00:00Z',
    public: false,
    removed_at: removed ? '2025-02-01T00:00:00Z' : null,
    removed_by: removed ? 'ada' : null,
    purge_at: removed ? '2025-02-08T00:00:00Z' : null,
  };
}

/** Renders the workspaces page and opens ADMIN_WORKSPACE's members dialog from its row's menu. */
export async function openWorkspaceMembers(): Promise<HTMLElement> {
  renderApp('/admin/workspaces');
  await userEvent.click(
    await screen.findByRole('button', { name: tAdmin('panel.actionsOf', { name: ADMIN_WORKSPACE.name }) }),
  );
  // happy-dom has no layout: the popup menu stays `display: none` although it is open.
  await userEvent.click(
    await screen.findByRole('menuitem', { name: tAdmin('workspaces.members'), hidden: true }),
  );
  return screen.findByRole('dialog', {
    name: tAdmin('workspaceMembers.header', { name: ADMIN_WORKSPACE.name }),
  });
}
