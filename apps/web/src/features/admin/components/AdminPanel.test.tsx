import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminProject, type AdminServerInfo } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp, stubServer, TEST_USER } from '../../../test/renderApp.tsx';
import { buildAdminUser } from '../test/adminFixtures.ts';
import { tAdmin } from '../../../i18n/admin.ts';
import { tCommon } from '../../../i18n/common.ts';

const USERS = 'GET /app/admin/users';

/**
 * A popup menu's item: happy-dom has no layout, so PrimeReact's positioning leaves the overlay `display: none`
 * although it is open.
 */
async function findMenuItem(name: string) {
  return screen.findByRole('menuitem', { name, hidden: true });
}

const adminUser = buildAdminUser;

const SELF = adminUser(TEST_USER.id, TEST_USER.username, { is_admin: true });
const BOB = adminUser(12, 'bob-surveyor');

const SERVER: AdminServerInfo = {
  version: '0.1.0',
  maintenance: false,
  maintenance_source: null,
  mail_transport: { type: 'outbox', folder: '/data/outbox' },
  failed_mails: [],
};

const USAGE = {
  active_monthly_contributors: 1,
  projects: 3,
  storage: 2048,
  users: 2,
  workspaces: 2,
  editors: 1,
  files_stored: { count: 4, bytes: 1024 },
  files_referenced: { count: 6, bytes: 3072 },
};

describe('admin panel', () => {
  it('opens on the users, sorted by username, and asks again when a header is clicked', async () => {
    const stub = stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: { [USERS]: { data: { items: [SELF, BOB], count: 2 } } },
    });
    const { router } = renderApp('/admin');
    const table = await screen.findByTestId('admin-users-table');
    await within(table).findByText('bob-surveyor');
    expect(currentPath(router)).toBe('/admin/users');
    expect(screen.getByRole('heading', { level: 1, name: tAdmin('panel.title') })).toBeTruthy();
    expect(stub.requests.find((request) => request.url === '/app/admin/users')?.params).toEqual({
      page: 1,
      per_page: 25,
      order_by: 'username',
      descending: false,
    });
    await userEvent.click(within(table).getByText(tAdmin('users.columnRegistered')));
    await waitFor(() =>
      expect(
        stub.requests.filter((request) => request.url === '/app/admin/users').at(-1)?.params,
      ).toMatchObject({
        order_by: 'registration_date',
        descending: false,
      }),
    );
  });

  it('deletes a user only once the exact username is typed', async () => {
    let isDeleted = false;
    const stub = stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        [USERS]: () => ({ data: { items: isDeleted ? [SELF] : [SELF, BOB], count: isDeleted ? 1 : 2 } }),
        'DELETE /app/admin/user/bob-surveyor': () => {
          isDeleted = true;
          return { status: 204 };
        },
      },
    });
    renderApp('/admin/users');
    const table = await screen.findByTestId('admin-users-table');
    // One's own row offers no deletion.
    await userEvent.click(
      await within(table).findByRole('button', { name: tAdmin('panel.actionsOf', { name: 'ada' }) }),
    );
    expect((await findMenuItem(tAdmin('users.deleteUser'))).getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(
      within(table).getByRole('button', { name: tAdmin('panel.actionsOf', { name: 'bob-surveyor' }) }),
    );
    await userEvent.click(
      (await screen.findAllByRole('menuitem', { name: tAdmin('users.deleteUser'), hidden: true })).at(-1)!,
    );
    const dialog = await screen.findByRole('dialog', { name: tAdmin('users.deleteHeader') });
    const confirm = within(dialog).getByRole('button', { name: tAdmin('users.deleteConfirm') });
    const field = within(dialog).getByLabelText(tAdmin('users.deleteField'));
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, 'Bob-Surveyor');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, 'bob-surveyor ');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, '{Backspace}');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await userEvent.click(confirm);
    expect(await screen.findByText(tAdmin('users.deleted', { username: 'bob-surveyor' }))).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('bob-surveyor')).toBeNull());
    expect(stub.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('asks before sending a password reset, naming the user and the address', async () => {
    const long = adminUser(13, 'carla-with-a-very-long-username-indeed', {
      email: 'carla.with.a.very.long.address@field-survey-department.example.org',
    });
    const stub = stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        [USERS]: { data: { items: [SELF, long], count: 2 } },
        [`POST /app/admin/user/${long.username}/reset-password`]: { status: 204 },
      },
    });
    renderApp('/admin/users');
    const table = await screen.findByTestId('admin-users-table');
    // Long names and addresses stay on one line, cut, with the whole text in a tooltip.
    const email = await within(table).findByText(long.email);
    expect(email.getAttribute('title')).toBe(long.email);
    expect(email.className).toContain('admin-truncate');
    await userEvent.click(
      within(table).getByRole('button', { name: tAdmin('panel.actionsOf', { name: long.username }) }),
    );
    await userEvent.click(
      (await screen.findAllByRole('menuitem', { name: tAdmin('users.sendReset'), hidden: true })).at(-1)!,
    );
    const dialog = await screen.findByRole('dialog', { name: tAdmin('users.sendResetHeader') });
    expect(
      within(dialog).getByText(
        tAdmin('users.sendResetMessage', { username: long.username, email: long.email }),
      ),
    ).toBeTruthy();
    expect(stub.requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: tAdmin('users.sendResetConfirm') }));
    expect(await screen.findByText(tAdmin('users.resetSent', { email: long.email }))).toBeTruthy();
    expect(
      stub.requests.filter((request) => request.method === 'POST').map((request) => request.url),
    ).toEqual([`/app/admin/user/${long.username}/reset-password`]);
  });

  it('folds the workspace actions into a menu: Members and Change quota', async () => {
    stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        'GET /app/admin/workspaces': {
          data: {
            items: [
              {
                id: 4,
                name: 'Survey Crew',
                storage: 2e9,
                disk_usage: 0,
                project_count: 0,
                member_count: 1,
                created: '2025-01-01T00:00:00Z',
              },
            ],
            count: 1,
          },
        },
      },
    });
    renderApp('/admin/workspaces');
    const table = await screen.findByTestId('admin-workspaces-table');
    await userEvent.click(
      await within(table).findByRole('button', { name: tAdmin('panel.actionsOf', { name: 'Survey Crew' }) }),
    );
    await userEvent.click(await findMenuItem(tAdmin('workspaces.changeQuota')));
    expect(
      await screen.findByRole('dialog', { name: tAdmin('workspaces.quotaHeader', { name: 'Survey Crew' }) }),
    ).toBeTruthy();
  });

  it('asks before restoring a project scheduled for deletion', async () => {
    const removed: AdminProject = {
      id: 'p-1',
      name: 'hedgerow',
      workspace: 'Survey Crew',
      workspace_id: 4,
      disk_usage: 10,
      version: 'v1',
      updated: '2025-01-01T00:00:00Z',
      created: '2025-01-01T00:00:00Z',
      public: false,
      removed_at: '2025-02-01T00:00:00Z',
      removed_by: 'ada',
      purge_at: '2025-02-08T00:00:00Z',
    };
    const stub = stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        'GET /app/admin/projects': { data: { items: [removed], count: 1 } },
        'POST /app/project/removed-project/restore/p-1': { status: 201, data: {} },
      },
    });
    renderApp('/admin/projects');
    await screen.findByTestId('admin-projects-view');
    await userEvent.click(await screen.findByRole('button', { name: tAdmin('projects.viewRemoved') }));
    await screen.findByRole('heading', { name: tAdmin('projects.viewRemoved') });
    await userEvent.click(
      await screen.findByRole('button', { name: tAdmin('projects.restoreOf', { name: 'hedgerow' }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: tAdmin('projects.restoreHeader') });
    expect(
      within(dialog).getByText(tAdmin('projects.restoreMessage', { name: 'Survey Crew/hedgerow' })),
    ).toBeTruthy();
    expect(stub.requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: tAdmin('projects.restore') }));
    expect(
      await screen.findByText(tAdmin('projects.restored', { name: 'Survey Crew/hedgerow' })),
    ).toBeTruthy();
    expect(
      stub.requests.filter((request) => request.method === 'POST').map((request) => request.url),
    ).toEqual(['/app/project/removed-project/restore/p-1']);
  });

  it('creates an invited user without a password, and shows the server password rule under its field', async () => {
    const stub = stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        [USERS]: { data: { items: [SELF], count: 1 } },
        'POST /app/admin/user': [
          { status: 400, data: { password: ['Password is too weak'], detail: 'Password is too weak' } },
          { status: 201, data: BOB },
        ],
      },
    });
    renderApp('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: tAdmin('users.createUser') }));
    const dialog = await screen.findByRole('dialog', { name: tAdmin('createUser.header') });
    const submit = within(dialog).getByRole('button', { name: tAdmin('createUser.submit') });
    await userEvent.type(within(dialog).getByLabelText(tAdmin('createUser.emailLabel')), ' bob@example.com ');
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(tAdmin('createUser.passwordLabel')), 'weak');
    await userEvent.type(within(dialog).getByLabelText(tAdmin('createUser.confirmLabel')), 'weak');
    await userEvent.click(submit);
    expect(await within(dialog).findByText(tCommon('passwordRule'))).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: tAdmin('createUser.modeInvite') }));
    expect(within(dialog).queryByLabelText(tAdmin('createUser.passwordLabel'))).toBeNull();
    await userEvent.click(submit);
    expect(await screen.findByText(tAdmin('createUser.invited', { email: BOB.email }))).toBeTruthy();
    const bodies = stub.requests.filter((request) => request.url === '/app/admin/user').map((r) => r.data);
    expect(bodies).toEqual([
      { email: 'bob@example.com', password: 'weak', confirm: 'weak' },
      { email: 'bob@example.com' },
    ]);
  });

  it('asks before turning maintenance on, then the ping is asked again', async () => {
    let isOn = false;
    const stub = stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        'GET /app/admin/server': () => ({
          data: { ...SERVER, maintenance: isOn, maintenance_source: isOn ? 'database' : null },
        }),
        'GET /app/admin/usage': { data: USAGE },
        'PUT /app/admin/maintenance': ({ data }) => {
          isOn = (data as { maintenance: boolean }).maintenance;
          return { data: { maintenance: isOn, maintenance_source: isOn ? 'database' : null } };
        },
      },
    });
    renderApp('/admin/server');
    const toggle = await screen.findByRole('switch', { name: tAdmin('server.maintenanceSwitch') });
    expect(screen.getByTestId('usage-files-referenced').textContent).toContain('6 files');
    expect(screen.getByTestId('failed-mails-empty').textContent).toBe(tAdmin('server.noFailedMails'));
    // Waymark's release and the API version the Mergin clients see (the ping's), each named.
    expect(screen.getByTestId('server-version').textContent).toBe('0.1.0');
    expect((await screen.findByTestId('server-api-version')).textContent).toBe('2025.1.0');
    expect(screen.getByText(tAdmin('server.apiVersion'))).toBeTruthy();
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: tAdmin('server.maintenanceOnHeader') });
    expect(stub.requests.some((request) => request.method === 'PUT')).toBe(false);
    const pingsBefore = stub.requests.filter((request) => request.url === '/ping').length;
    await userEvent.click(
      within(dialog).getByRole('button', { name: tAdmin('server.maintenanceOnConfirm') }),
    );
    expect(await screen.findByText(tAdmin('server.maintenanceOn'))).toBeTruthy();
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(stub.requests.find((request) => request.method === 'PUT')?.data).toEqual({ maintenance: true });
    await waitFor(() =>
      expect(stub.requests.filter((request) => request.url === '/ping').length).toBeGreaterThan(pingsBefore),
    );
  });
});
