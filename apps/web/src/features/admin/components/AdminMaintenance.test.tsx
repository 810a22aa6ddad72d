import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN_PANEL_TEXTS,
  ADMIN_PROJECTS_TEXTS,
  ADMIN_SERVER_TEXTS,
  ADMIN_USERS_TEXTS,
  ADMIN_WORKSPACES_TEXTS,
  type AdminServerInfo,
  MAINTENANCE_TEXT,
  WORKSPACE_MEMBERS_TEXTS,
} from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, TEST_USER } from '../../../test/renderApp.tsx';
import {
  ADMIN_WORKSPACE,
  buildAdminProject,
  buildAdminUser,
  openWorkspaceMembers,
} from '../test/adminFixtures.ts';

const BOB = buildAdminUser(12, 'bob-surveyor');
const INACTIVE = buildAdminUser(13, 'old-crew', { active: false });
const MEMBER = { id: BOB.id, username: BOB.username, email: BOB.email, role: 'writer' };
const LIVE = buildAdminProject('hedgerow');
const REMOVED = buildAdminProject('old-draft', true);

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const isItemDisabled = async (name: string) =>
  (await screen.findByRole('menuitem', { name, hidden: true })).getAttribute('aria-disabled') === 'true';

const SERVER_IN_MAINTENANCE: AdminServerInfo = {
  version: '0.1.0',
  maintenance: true,
  maintenance_source: 'database',
  mail_transport: { type: 'outbox', folder: '/data/outbox' },
  failed_mails: [],
};

function stubAdmin(isMaintenance: boolean, extra: Parameters<typeof stubServer>[0]['overrides'] = {}) {
  return stubServer({
    isAuthenticated: true,
    isSuperuser: true,
    isMaintenance,
    overrides: {
      'GET /app/admin/users': {
        data: { items: [buildAdminUser(TEST_USER.id, TEST_USER.username), BOB, INACTIVE], count: 3 },
      },
      'GET /app/admin/workspaces': { data: { items: [ADMIN_WORKSPACE], count: 1 } },
      'GET /app/admin/workspaces/7/members': { data: [MEMBER] },
      'GET /app/admin/projects': ({ params }) => ({
        data: { items: [params.removed === true ? REMOVED : LIVE], count: 1 },
      }),
      ...extra,
    },
  });
}

describe('admin panel in read-only maintenance', () => {
  it('disables the writes of the users and workspaces, keeping the members readable', async () => {
    stubAdmin(true);
    renderApp('/admin/users');
    expect((await screen.findByTestId('maintenance-banner')).textContent).toContain(MAINTENANCE_TEXT);
    expect(isDisabled(await screen.findByRole('button', { name: ADMIN_USERS_TEXTS.createUser }))).toBe(true);
    await userEvent.click(
      await screen.findByRole('button', { name: ADMIN_PANEL_TEXTS.actionsOf(BOB.username) }),
    );
    for (const name of [
      ADMIN_USERS_TEXTS.makeSuperuser,
      ADMIN_USERS_TEXTS.deactivate,
      ADMIN_USERS_TEXTS.sendReset,
      ADMIN_USERS_TEXTS.deleteUser,
    ]) {
      expect(await isItemDisabled(name), name).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      screen.getByRole('button', { name: ADMIN_PANEL_TEXTS.actionsOf(INACTIVE.username) }),
    );
    expect(await isItemDisabled(ADMIN_USERS_TEXTS.reactivate)).toBe(true);
  });

  it('disables Create workspace, Change quota and every change in the members dialog', async () => {
    stubAdmin(true);
    const dialog = await openWorkspaceMembers();
    expect(isDisabled(screen.getByRole('button', { name: ADMIN_WORKSPACES_TEXTS.createWorkspace }))).toBe(
      true,
    );
    expect(await within(dialog).findByText(BOB.email)).toBeTruthy();
    expect(isDisabled(within(dialog).getByLabelText(WORKSPACE_MEMBERS_TEXTS.addLabel))).toBe(true);
    expect(isDisabled(within(dialog).getByRole('button', { name: WORKSPACE_MEMBERS_TEXTS.add }))).toBe(true);
    expect(within(dialog).getByTestId('members-add-role').className).toContain('p-disabled');
    expect(within(dialog).getByTestId('member-role').className).toContain('p-disabled');
    const remove = within(dialog).getByRole('button', {
      name: WORKSPACE_MEMBERS_TEXTS.removeOf(BOB.username),
    });
    expect(isDisabled(remove)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: WORKSPACE_MEMBERS_TEXTS.close }));
    await userEvent.click(
      screen.getByRole('button', { name: ADMIN_PANEL_TEXTS.actionsOf(ADMIN_WORKSPACE.name) }),
    );
    expect(await isItemDisabled(ADMIN_WORKSPACES_TEXTS.changeQuota)).toBe(true);
    expect(await isItemDisabled(ADMIN_WORKSPACES_TEXTS.members)).toBe(false);
  });

  it('disables Rename, Restore and Delete now of the projects', async () => {
    stubAdmin(true);
    renderApp('/admin/projects');
    const rename = await screen.findByRole('button', { name: ADMIN_PROJECTS_TEXTS.renameOf(LIVE.name) });
    expect(isDisabled(rename)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: ADMIN_PROJECTS_TEXTS.viewRemoved }));
    const restore = await screen.findByRole('button', { name: ADMIN_PROJECTS_TEXTS.restoreOf(REMOVED.name) });
    expect(isDisabled(restore)).toBe(true);
    const deleteNow = screen.getByRole('button', { name: ADMIN_PROJECTS_TEXTS.deleteNowOf(REMOVED.name) });
    expect(isDisabled(deleteNow)).toBe(true);
  });

  it('keeps the maintenance switch usable: it is how maintenance ends', async () => {
    stubAdmin(true, {
      'GET /app/admin/server': { data: SERVER_IN_MAINTENANCE },
      'GET /app/admin/usage': { isNetworkError: true },
      'GET /app/admin/diagnostic-logs': { data: [] },
    });
    renderApp('/admin/server');
    const toggle = await screen.findByRole('switch', { name: ADMIN_SERVER_TEXTS.maintenanceSwitch });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(isDisabled(toggle)).toBe(false);
  });

  it('leaves the admin writes enabled while the service is writable', async () => {
    stubAdmin(false);
    renderApp('/admin/projects');
    const rename = await screen.findByRole('button', { name: ADMIN_PROJECTS_TEXTS.renameOf(LIVE.name) });
    expect(isDisabled(rename)).toBe(false);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });
});
