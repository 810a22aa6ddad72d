import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminAccessToken, type AdminSsoStatus } from '@waymark/contract';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, TEST_USER } from '../../../test/renderApp.tsx';
import { buildAdminUser } from '../test/adminFixtures.ts';
import { tAdmin } from '../../../i18n/admin.ts';
import { tSecurity } from '../../../i18n/security.ts';

const SELF = buildAdminUser(TEST_USER.id, TEST_USER.username, { is_admin: true });

describe('admin panel: two-factor sign-in and tokens', () => {
  it("shows who has two-factor sign-in on and resets a user's", async () => {
    let isOn = true;
    const stub = stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        'GET /app/admin/users': () => ({
          data: { items: [SELF, buildAdminUser(12, 'bob-surveyor', { two_factor_enabled: isOn })], count: 2 },
        }),
        'DELETE /app/admin/user/bob-surveyor/two-factor': () => {
          isOn = false;
          return { status: 204 };
        },
      },
    });
    renderApp('/admin/users');
    const table = await screen.findByTestId('admin-users-table');
    await within(table).findByText('bob-surveyor');
    const flags = within(table).getAllByTestId('admin-user-two-factor');
    expect(flags.map((flag) => flag.textContent)).toEqual([tAdmin('panel.no'), tAdmin('panel.yes')]);

    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: tAdmin('panel.actionsOf', { name: 'bob-surveyor' }) }),
    );
    await user.click(
      await screen.findByRole('menuitem', { name: tSecurity('admin.resetTwoFactor'), hidden: true }),
    );
    const dialog = await screen.findByRole('dialog', { name: tSecurity('admin.resetHeader') });
    await user.click(within(dialog).getByRole('button', { name: tSecurity('admin.resetTwoFactor') }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('admin-user-two-factor')
          .map((flag) => flag.textContent),
      ).toEqual([tAdmin('panel.no'), tAdmin('panel.no')]),
    );
    expect(stub.requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it("lists every user's tokens and revokes one", async () => {
    let tokens: AdminAccessToken[] = [
      {
        id: 3,
        name: 'Nightly export',
        scope: 'read',
        created_at: '2026-01-02T03:04:05Z',
        expires_at: '2026-03-02T03:04:05Z',
        last_used_at: null,
        user_id: 12,
        username: 'bob-surveyor',
      },
    ];
    stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        'GET /app/admin/tokens': () => ({ data: tokens }),
        'DELETE /app/admin/tokens/3': () => {
          tokens = [];
          return { status: 204 };
        },
      },
    });
    renderApp('/admin/tokens');
    const table = await screen.findByTestId('admin-tokens-table');
    expect((await within(table).findByTestId('admin-token-user')).textContent).toBe('bob-surveyor');
    expect(within(table).getByTestId('admin-token-name').textContent).toBe('Nightly export');
    const user = userEvent.setup();
    await user.click(
      within(table).getByRole('button', {
        name: tSecurity('tokens.revokeLabel', { name: 'bob-surveyor: Nightly export' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: tSecurity('tokens.revokeHeader') });
    await user.click(within(dialog).getByRole('button', { name: tSecurity('tokens.revoke') }));
    expect(await screen.findByTestId('admin-tokens-empty')).toBeTruthy();
  });

  it('shows the single sign-on settings, whether the provider answers and how many are linked', async () => {
    const status: AdminSsoStatus = {
      configured: true,
      password_login: false,
      provider_name: 'Example ID',
      issuer: 'https://id.example.org',
      client_id: 'waymark',
      scopes: 'openid email profile',
      username_claim: 'preferred_username',
      create_users: true,
      default_workspace: 'Field Team',
      default_role: 'writer',
      allowed_domains: ['example.org'],
      redirect_uri: 'https://waymark.example.org/app/auth/sso/callback',
      provider_reachable: false,
      provider_error: 'connect ECONNREFUSED',
      linked_users: 3,
    };
    stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: { 'GET /app/admin/sso': { data: status } },
    });
    renderApp('/admin/server');
    const card = await screen.findByTestId('admin-sso');
    expect((await within(card).findByTestId('admin-sso-reachable')).textContent).toBe(
      tSecurity('adminSso.unreachable'),
    );
    expect(within(card).getByText('connect ECONNREFUSED')).toBeTruthy();
    expect(within(card).getByTestId('admin-sso-new-users').textContent).toBe(
      tSecurity('adminSso.newUsersInto', { workspace: 'Field Team', role: 'writer' }),
    );
    expect(within(card).getByTestId('admin-sso-password').textContent).toBe(
      tSecurity('adminSso.passwordOff'),
    );
    expect(within(card).getByTestId('admin-sso-linked').textContent).toBe('3');
  });

  it('says how to set single sign-on up when it is not', async () => {
    stubServer({
      isAuthenticated: true,
      isSuperuser: true,
      overrides: {
        'GET /app/admin/sso': {
          data: {
            configured: false,
            password_login: true,
            provider_name: null,
            issuer: null,
            client_id: null,
            scopes: null,
            username_claim: null,
            create_users: false,
            default_workspace: null,
            default_role: null,
            allowed_domains: [],
            redirect_uri: null,
            provider_reachable: null,
            provider_error: null,
            linked_users: 0,
          },
        },
      },
    });
    renderApp('/admin/server');
    expect((await screen.findByTestId('admin-sso-off')).textContent).toBe(
      tSecurity('adminSso.notConfigured'),
    );
  });
});
