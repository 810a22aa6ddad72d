import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../features/workspaces/workspaceStore.ts';
import { currentPath, renderApp, stubServer, TEST_USER } from '../test/renderApp.tsx';
import { tAccount } from '../i18n/account.ts';
import { tCommon } from '../i18n/common.ts';

const UNVERIFIED = { ...TEST_USER, verified_email: false };

beforeEach(() => {
  useWorkspaceStore.getState().reset();
});

describe('profile: the unverified-address banner', () => {
  it('does not claim a link was sent until this page sent one', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/user/profile': { data: UNVERIFIED },
        'POST /app/auth/resend-confirm-email': { data: {} },
      },
    });
    renderApp('/profile');
    const banner = await screen.findByTestId('verify-email-banner');
    expect(within(banner).getByText(tAccount('profile.verifyBanner'))).toBeTruthy();
    const hint = within(banner).getByTestId('verify-email-hint');
    expect(hint.textContent).toBe(tAccount('profile.verifyBannerHint'));
    expect(hint.textContent).not.toContain('We sent');

    await userEvent.click(within(banner).getByRole('button', { name: tAccount('profile.sendConfirmation') }));
    await waitFor(() =>
      expect(hint.textContent).toBe(
        'We sent a confirmation link to ada@example.com. Follow it to verify your address.',
      ),
    );
    expect(await screen.findByText(tAccount('profile.emailSent', { email: 'ada@example.com' }))).toBeTruthy();
  });

  it('keeps the plain hint when sending failed', async () => {
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /v1/user/profile': { data: UNVERIFIED },
        'POST /app/auth/resend-confirm-email': { status: 429, data: { detail: 'Too many mails' } },
      },
    });
    renderApp('/profile');
    const banner = await screen.findByTestId('verify-email-banner');
    await userEvent.click(within(banner).getByRole('button', { name: tAccount('profile.sendConfirmation') }));
    expect(await screen.findByText('Too many mails')).toBeTruthy();
    expect(within(banner).getByTestId('verify-email-hint').textContent).toBe(
      tAccount('profile.verifyBannerHint'),
    );
  });
});

describe('profile: closing the account', () => {
  it('says on the sign-in page that the account is closed', async () => {
    let isClosed = false;
    stubServer({
      isAuthenticated: true,
      overrides: {
        'GET /app/init': () => ({ data: { authenticated: !isClosed, superuser: false } }),
        'DELETE /v1/user': () => {
          isClosed = true;
          return { status: 204 };
        },
      },
    });
    const { router } = renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tAccount('profile.closeAccount') }));
    const dialog = await screen.findByRole('dialog', { name: tAccount('profile.closeConfirmHeader') });
    await user.type(within(dialog).getByLabelText(tAccount('profile.closeConfirmField')), 'ada');
    await user.click(within(dialog).getByRole('button', { name: tAccount('profile.closeConfirm') }));
    await screen.findByRole('heading', { name: tCommon('login.title') });
    expect(currentPath(router)).toBe('/login');
    expect(await screen.findByText(tAccount('profile.closed'))).toBeTruthy();
  });
});
