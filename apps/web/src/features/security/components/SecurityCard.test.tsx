import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessToken, Identity, IdentityList, TwoFactorStatus } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../../workspaces/workspaceStore.ts';
import { currentPath, renderApp, stubServer } from '../../../test/renderApp.tsx';
import { tSecurity } from '../../../i18n/security.ts';
import { tCommon } from '../../../i18n/common.ts';

const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);
const TOKEN: AccessToken = {
  id: 4,
  name: 'Field laptop',
  scope: 'read',
  created_at: '2026-01-02T03:04:05Z',
  expires_at: '2026-02-01T03:04:05Z',
  last_used_at: null,
};
const status = (over: Partial<TwoFactorStatus> = {}): TwoFactorStatus => ({
  enabled: false,
  recovery_codes_left: 0,
  required_by: [],
  ...over,
});

beforeEach(() => useWorkspaceStore.getState().reset());

/** The profile page against a server whose two-factor state and tokens follow the calls made. */
function stubProfile(
  options: { tokens?: AccessToken[]; enableReply?: { status: number; data: unknown } } = {},
) {
  let isOn = false;
  let tokens = options.tokens ?? [];
  return stubServer({
    isAuthenticated: true,
    overrides: {
      'GET /app/auth/two-factor': () => ({
        data: status({ enabled: isOn, recovery_codes_left: isOn ? 10 : 0 }),
      }),
      'POST /app/auth/two-factor/setup': {
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      },
      'POST /app/auth/two-factor/enable': () => {
        if (options.enableReply) return options.enableReply;
        isOn = true;
        return { data: { recovery_codes: CODES } };
      },
      'GET /app/workspaces/two-factor': { data: [] },
      'GET /app/auth/tokens': () => ({ data: tokens }),
      'POST /app/auth/tokens': (request) => {
        const body = request.data as { name: string; scope: 'write'; expires_in_days: number };
        const created = { ...TOKEN, id: 9, name: body.name, scope: body.scope };
        tokens = [...tokens, created];
        return { status: 201, data: { ...created, token: '.eJwrrg.wmkpat_secret-value' } };
      },
      'DELETE /app/auth/tokens/4': () => {
        tokens = tokens.filter((token) => token.id !== 4);
        return { status: 204 };
      },
      'GET /app/project/access-requests': { data: { items: [], count: 0 } },
    },
  });
}

describe('profile: Security card', () => {
  it('turns two-factor sign-in on with the QR code and a code, then shows the recovery codes once', async () => {
    const server = stubProfile();
    renderApp('/profile');
    const card = await screen.findByTestId('account-security');
    const user = userEvent.setup();
    expect((await within(card).findByTestId('two-factor-state')).textContent).toBe(
      tSecurity('twoFactor.off'),
    );
    await user.click(within(card).getByRole('button', { name: tSecurity('twoFactor.turnOn') }));

    const dialog = await screen.findByRole('dialog', { name: tSecurity('twoFactor.enrolTitle') });
    expect(
      within(dialog)
        .getByRole('img', { name: tSecurity('twoFactor.qrAlt') })
        .getAttribute('src'),
    ).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(dialog).getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    const submit = within(dialog).getByRole('button', { name: tSecurity('twoFactor.confirm') });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText(tSecurity('twoFactor.codeLabel')), '123456');
    await user.click(submit);

    const codes = await screen.findByRole('dialog', { name: tSecurity('twoFactor.codesTitle') });
    expect(
      within(codes)
        .getAllByTestId('recovery-code')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(server.requests.find((request) => request.url === '/app/auth/two-factor/enable')?.data).toEqual({
      code: '123456',
    });
    await user.click(within(codes).getByRole('button', { name: tSecurity('twoFactor.done') }));
    await waitFor(() =>
      expect(within(card).getByTestId('two-factor-state').textContent).toBe(tSecurity('twoFactor.on')),
    );
    expect(within(card).getByText(tSecurity('twoFactor.hintOn', { count: 10 }))).toBeTruthy();
  });

  it("shows the server's reason under the code when it is wrong", async () => {
    stubProfile({
      enableReply: {
        status: 400,
        data: { detail: 'The code is not valid.', code: ['The code is not valid.'] },
      },
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tSecurity('twoFactor.turnOn') }));
    const dialog = await screen.findByRole('dialog', { name: tSecurity('twoFactor.enrolTitle') });
    await user.type(await within(dialog).findByLabelText(tSecurity('twoFactor.codeLabel')), '000000');
    await user.click(within(dialog).getByRole('button', { name: tSecurity('twoFactor.confirm') }));
    expect((await within(dialog).findByTestId('two-factor-code-error')).textContent).toBe(
      'The code is not valid.',
    );
  });

  it('creates a token, shows it once, and revokes one', async () => {
    const server = stubProfile({ tokens: [TOKEN] });
    renderApp('/profile');
    const tokens = await screen.findByTestId('access-tokens');
    const user = userEvent.setup();
    expect(
      (await within(tokens).findAllByTestId('access-token-name')).map((item) => item.textContent),
    ).toEqual(['Field laptop']);
    expect(within(tokens).getByTestId('access-token-last-used').textContent).toBe(tSecurity('tokens.never'));

    await user.click(within(tokens).getByRole('button', { name: tSecurity('tokens.create') }));
    const dialog = await screen.findByRole('dialog', { name: tSecurity('tokens.createTitle') });
    await user.type(within(dialog).getByLabelText(tSecurity('tokens.nameLabel')), 'Sync script');
    await user.click(within(dialog).getByLabelText(new RegExp(tSecurity('tokens.scopes.write'))));
    await user.click(within(dialog).getByRole('button', { name: tSecurity('tokens.createSubmit') }));
    const shown = await screen.findByRole('dialog', { name: tSecurity('tokens.createdTitle') });
    expect(within(shown).getByTestId('created-token-value').textContent).toBe('.eJwrrg.wmkpat_secret-value');
    expect(
      server.requests.find((request) => request.method === 'POST' && request.url === '/app/auth/tokens')
        ?.data,
    ).toEqual({
      name: 'Sync script',
      scope: 'write',
      expires_in_days: 30,
    });
    await user.click(within(shown).getByRole('button', { name: tSecurity('tokens.close') }));
    await waitFor(() =>
      expect(
        within(tokens)
          .getAllByTestId('access-token-name')
          .map((item) => item.textContent),
      ).toEqual(['Field laptop', 'Sync script']),
    );
    expect(tokens.textContent).not.toContain('wmkpat_');

    await user.click(
      within(tokens).getByRole('button', { name: tSecurity('tokens.revokeLabel', { name: 'Field laptop' }) }),
    );
    const confirm = await screen.findByRole('dialog', { name: tSecurity('tokens.revokeHeader') });
    await user.click(within(confirm).getByRole('button', { name: tSecurity('tokens.revoke') }));
    await waitFor(() =>
      expect(
        within(tokens)
          .getAllByTestId('access-token-name')
          .map((item) => item.textContent),
      ).toEqual(['Sync script']),
    );
    expect(
      server.requests.some((request) => request.method === 'DELETE' && request.url === '/app/auth/tokens/4'),
    ).toBe(true);
  });
});

describe('sign-in with two-factor sign-in on', () => {
  it('asks for the code after the password and signs in with it', async () => {
    let isSignedIn = false;
    const server = stubServer({
      overrides: {
        'GET /app/init': () => ({ data: { authenticated: isSignedIn, superuser: false } }),
        'POST /app/auth/login': { data: { two_factor_challenge: '7.1800000000.mac' } },
        'POST /app/auth/login/two-factor': () => {
          isSignedIn = true;
          return { data: {} };
        },
        'GET /v1/project/paginated': { data: { projects: [], count: 0 } },
      },
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(tCommon('login.loginLabel')), 'ada');
    await user.type(screen.getByLabelText(tCommon('login.passwordLabel')), 'secret-pass');
    await user.click(screen.getByRole('button', { name: tCommon('login.submit') }));

    const form = await screen.findByTestId('two-factor-login-form');
    expect(within(form).getByRole('heading', { name: tSecurity('login.title') })).toBeTruthy();
    await user.type(within(form).getByLabelText(tSecurity('login.codeLabel')), '654321');
    await user.click(within(form).getByLabelText(tSecurity('login.remember')));
    await user.click(within(form).getByRole('button', { name: tSecurity('login.submit') }));
    await waitFor(() => expect(currentPath(router)).not.toMatch(/^\/login/));
    expect(server.requests.find((request) => request.url === '/app/auth/login/two-factor')?.data).toEqual({
      challenge: '7.1800000000.mac',
      code: '654321',
      remember_device: true,
    });
  });

  it('sends a member whom a workspace requires it of to the set-up page', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /app/auth/two-factor': { data: status({ required_by: ['field-team'] }) },
        'POST /app/auth/two-factor/setup': {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/x',
            qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        },
      },
    });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: tSecurity('gate.title') })).toBeTruthy();
    expect(currentPath(router)).toBe('/two-factor-setup');
    expect(screen.getByText(tSecurity('gate.text', { workspaces: "'field-team'" }))).toBeTruthy();
    expect(await screen.findByTestId('two-factor-secret')).toBeTruthy();
  });

  describe('linked sign-in', () => {
    const IDENTITY: Identity = {
      id: 7,
      issuer: 'https://id.example.org',
      provider_name: 'Example ID',
      email: 'ada@example.org',
      created: '2026-01-02T03:04:05Z',
      last_used: null,
    };

    function stubLinked(list: Omit<IdentityList, 'identities'> & { identities: Identity[] }) {
      let identities = list.identities;
      return stubServer({
        isAuthenticated: true,
        overrides: {
          'GET /app/workspaces/two-factor': { data: [] },
          'GET /app/auth/tokens': { data: [] },
          'GET /app/project/access-requests': { data: { items: [], count: 0 } },
          'GET /app/auth/identities': () => ({ data: { ...list, identities } }),
          'DELETE /app/auth/identities/7': () => {
            identities = [];
            return { status: 204 };
          },
        },
      });
    }

    it('never offers to unlink the only way to sign in', async () => {
      stubLinked({
        identities: [IDENTITY],
        has_password: false,
        can_link: true,
        provider_name: 'Example ID',
      });
      renderApp('/profile');
      const section = await screen.findByTestId('linked-sign-in');
      expect(await within(section).findByText('ada@example.org')).toBeTruthy();
      expect(within(section).getByText(tSecurity('sso.hintOnly', { name: 'Example ID' }))).toBeTruthy();
      expect(within(section).getByTestId('sso-unlink').hasAttribute('disabled')).toBe(true);
    });

    it('unlinks after asking, and then offers to link again', async () => {
      const server = stubLinked({
        identities: [IDENTITY],
        has_password: true,
        can_link: true,
        provider_name: 'Example ID',
      });
      renderApp('/profile');
      const section = await screen.findByTestId('linked-sign-in');
      const user = userEvent.setup();
      await user.click(await within(section).findByTestId('sso-unlink'));
      const dialog = await screen.findByTestId('unlink-dialog');
      await user.click(within(dialog).getByRole('button', { name: tSecurity('sso.unlink') }));
      expect(await within(section).findByRole('button', { name: tSecurity('sso.link') })).toBeTruthy();
      expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true);
    });

    it('says why linking came back refused', async () => {
      stubLinked({ identities: [], has_password: true, can_link: true, provider_name: 'Example ID' });
      renderApp('/profile?sso_error=linked_elsewhere');
      const section = await screen.findByTestId('linked-sign-in');
      expect((await within(section).findByTestId('sso-link-result')).textContent).toBe(
        tCommon('login.ssoErrors.linked_elsewhere'),
      );
    });
  });
});
