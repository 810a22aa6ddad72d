import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN_PANEL_TEXTS,
  ADMIN_WORKSPACES_TEXTS,
  type AdminProject,
  type AdminUser,
  type AdminWorkspace,
  WORKSPACE_MEMBERS_TEXTS,
} from '@waymark/contract';
import { renderApp } from '../../../test/renderApp.tsx';

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
    await screen.findByRole('button', { name: ADMIN_PANEL_TEXTS.actionsOf(ADMIN_WORKSPACE.name) }),
  );
  // jsdom has no layout: the popup menu stays `display: none` although it is open.
  await userEvent.click(
    await screen.findByRole('menuitem', { name: ADMIN_WORKSPACES_TEXTS.members, hidden: true }),
  );
  return screen.findByRole('dialog', { name: WORKSPACE_MEMBERS_TEXTS.header(ADMIN_WORKSPACE.name) });
}
