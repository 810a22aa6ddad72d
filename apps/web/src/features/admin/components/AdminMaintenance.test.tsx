import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminServerInfo, MAINTENANCE_TEXT } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, TEST_USER } from '../../../test/renderApp.tsx';
import {
  ADMIN_WORKSPACE,
  buildAdminProject,
  buildAdminUser,
  openWorkspaceMembers,
} from '../test/adminFixtures.ts';
import { tAdmin } from '../../../i18n/admin.ts';

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
    expect(isDisabled(await screen.findByRole('button', { name: tAdmin('users.createUser') }))).toBe(true);
    await userEvent.click(
      await screen.findByRole('button', { name: tAdmin('panel.actionsOf', { name: BOB.username }) }),
    );
    for (const name of [
      tAdmin('users.makeSuperuser'),
      tAdmin('users.deactivate'),
      tAdmin('users.sendReset'),
      tAdmin('users.deleteUser'),
    ]) {
      expect(await isItemDisabled(name), name).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      screen.getByRole('button', { name: tAdmin('panel.actionsOf', { name: INACTIVE.username }) }),
    );
    expect(await isItemDisabled(tAdmin('users.reactivate'))).toBe(true);
  });

  it('disables Create workspace, Change quota and every change in the members dialog', async () => {
    stubAdmin(true);
    const dialog = await openWorkspaceMembers();
    expect(isDisabled(screen.getByRole('button', { name: tAdmin('workspaces.createWorkspace') }))).toBe(true);
    expect(await within(dialog).findByText(BOB.email)).toBeTruthy();
    expect(isDisabled(within(dialog).getByLabelText(tAdmin('workspaceMembers.addLabel')))).toBe(true);
    expect(isDisabled(within(dialog).getByRole('button', { name: tAdmin('workspaceMembers.add') }))).toBe(
      true,
    );
    expect(within(dialog).getByTestId('members-add-role').className).toContain('p-disabled');
    expect(within(dialog).getByTestId('member-role').className).toContain('p-disabled');
    const remove = within(dialog).getByRole('button', {
      name: tAdmin('workspaceMembers.removeOf', { username: BOB.username }),
    });
    expect(isDisabled(remove)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: tAdmin('workspaceMembers.close') }));
    await userEvent.click(
      screen.getByRole('button', { name: tAdmin('panel.actionsOf', { name: ADMIN_WORKSPACE.name }) }),
    );
    expect(await isItemDisabled(tAdmin('workspaces.changeQuota'))).toBe(true);
    expect(await isItemDisabled(tAdmin('workspaces.members'))).toBe(false);
  });

  it('disables Rename, Restore and Delete now of the projects', async () => {
    stubAdmin(true);
    renderApp('/admin/projects');
    const rename = await screen.findByRole('button', {
      name: tAdmin('projects.renameOf', { name: LIVE.name }),
    });
    expect(isDisabled(rename)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: tAdmin('projects.viewRemoved') }));
    const restore = await screen.findByRole('button', {
      name: tAdmin('projects.restoreOf', { name: REMOVED.name }),
    });
    expect(isDisabled(restore)).toBe(true);
    const deleteNow = screen.getByRole('button', {
      name: tAdmin('projects.deleteNowOf', { name: REMOVED.name }),
    });
    expect(isDisabled(deleteNow)).toBe(true);
  });

  it('keeps the maintenance switch usable: it is how maintenance ends', async () => {
    stubAdmin(true, {
      'GET /app/admin/server': { data: SERVER_IN_MAINTENANCE },
      'GET /app/admin/usage': { isNetworkError: true },
      'GET /app/admin/diagnostic-logs': { data: [] },
    });
    renderApp('/admin/server');
    const toggle = await screen.findByRole('switch', { name: tAdmin('server.maintenanceSwitch') });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(isDisabled(toggle)).toBe(false);
  });

  it('leaves the admin writes enabled while the service is writable', async () => {
    stubAdmin(false);
    renderApp('/admin/projects');
    const rename = await screen.findByRole('button', {
      name: tAdmin('projects.renameOf', { name: LIVE.name }),
    });
    expect(isDisabled(rename)).toBe(false);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });
});
