import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_TEXTS } from '@waymark/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../features/workspaces/workspaceStore.ts';
import { CONFIG, currentPath, renderApp, stubServer } from '../test/renderApp.tsx';
import type { RecordedRequest } from '../test/stubAdapter.ts';
import { tCommon } from '../i18n/common.ts';

const loginField = () => screen.getByLabelText(tCommon('login.loginLabel'));
const passwordField = () => screen.getByLabelText(tCommon('login.passwordLabel'));
const submitButton = () => screen.getByRole('button', { name: tCommon('login.submit') });

/** A server whose /app/init reports a session once the login call has succeeded. */
function stubLoginServer(loginReply: { status?: number; data?: unknown }) {
  let isSignedIn = false;
  return stubServer({
    overrides: {
      'GET /app/init': () => ({ data: { authenticated: isSignedIn, superuser: false } }),
      'POST /app/auth/login': () => {
        const status = loginReply.status ?? 200;
        if (status === 200) isSignedIn = true;
        return { status, data: loginReply.data ?? {} };
      },
    },
  });
}

const loginCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === '/app/auth/login');

beforeEach(() => useWorkspaceStore.getState().reset());

describe('LoginPage', () => {
  it('shows the sign-in form with a link to the reset form', async () => {
    stubServer({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: tCommon('login.title') })).toBeTruthy();
    expect(screen.getByRole('link', { name: tCommon('login.forgotPassword') }).getAttribute('href')).toBe(
      '/login/reset',
    );
    expect(passwordField().getAttribute('type')).toBe('password');
  });

  it('keeps Sign in disabled until both fields have a value', async () => {
    stubServer({});
    renderApp('/login');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await user.type(loginField(), 'ada');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await user.type(passwordField(), '   ');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await user.type(passwordField(), 'secret');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    await user.clear(loginField());
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  it('sends trimmed values, re-runs the start-up and goes to the redirect target', async () => {
    const { requests } = stubLoginServer({});
    const { router } = renderApp('/login?redirect=/profile');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), '  ada@example.com ');
    await user.type(passwordField(), ' Secret-123 ');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Account details' });
    expect(loginCalls(requests).map((request) => request.data)).toEqual([
      { login: 'ada@example.com', password: 'Secret-123' },
    ]);
    expect(requests.filter((request) => request.url === '/app/init')).toHaveLength(2);
    expect(requests.some((request) => request.url === '/v1/user/profile')).toBe(true);
    expect(currentPath(router)).toBe('/profile');
  });

  it('follows the redirect only right after signing in: a later visit of the page goes to the dashboard', async () => {
    stubLoginServer({});
    const { router } = renderApp('/login?redirect=/profile');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), 'ada');
    await user.type(passwordField(), 'Secret-123{Enter}');
    await screen.findByRole('heading', { name: 'Account details' });
    expect(currentPath(router)).toBe('/profile');

    await router.navigate('/login?redirect=/profile');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it.each(['/%09/evil.example', '/%0A/evil.example', '//evil.example', 'https://evil.example'])(
    'signs in and goes to the dashboard when the redirect target %s is not an in-app path',
    async (target) => {
      stubLoginServer({});
      const { router } = renderApp(`/login?redirect=${target}`);
      await screen.findByRole('heading', { name: tCommon('login.title') });
      const user = userEvent.setup();
      await user.type(loginField(), 'ada');
      await user.type(passwordField(), 'Secret-123{Enter}');
      await screen.findByRole('heading', { name: 'Dashboard' });
      expect(currentPath(router)).toBe('/dashboard');
      expect(screen.queryByTestId('login-form-error')).toBeNull();
    },
  );

  it('goes home (and so to the dashboard) without a redirect target', async () => {
    stubLoginServer({});
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), 'ada');
    await user.type(passwordField(), 'Secret-123{Enter}');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('shows the server detail of a rejected login once, inline (no toast repeating it)', async () => {
    stubLoginServer({ status: 401, data: { detail: 'Invalid username or password' } });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), 'ada');
    await user.type(passwordField(), 'wrong');
    await user.click(submitButton());
    const inline = await screen.findByTestId('login-form-error');
    expect(inline.textContent).toContain('Invalid username or password');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Invalid username or password')).toHaveLength(1);
    expect(document.querySelector('.p-toast-message')).toBeNull();
    expect(currentPath(router)).toBe('/login');
  });

  it("says a deactivated account is deactivated, in the server's words", async () => {
    stubLoginServer({ status: 401, data: { detail: ERROR_TEXTS.accountDeactivated } });
    renderApp('/login');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), 'ada');
    await user.type(passwordField(), 'Secret-123{Enter}');
    expect((await screen.findByTestId('login-form-error')).textContent).toContain(
      'Your account has been deactivated.',
    );
  });

  it("toasts 'Failed to login' only when the server gave no reason, and not inline as well", async () => {
    stubLoginServer({ status: 500, data: {} });
    renderApp('/login');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), 'ada');
    await user.type(passwordField(), 'Secret-123{Enter}');
    expect(await screen.findByText(tCommon('toast.loginFailed'))).toBeTruthy();
    expect(screen.queryByTestId('login-form-error')).toBeNull();
  });

  it('takes away the toast of a failed try once signing in succeeds', async () => {
    let attempts = 0;
    stubServer({
      overrides: {
        'GET /app/init': () => ({ data: { authenticated: attempts > 1, superuser: false } }),
        'POST /app/auth/login': () => {
          attempts += 1;
          return attempts === 1 ? { status: 500, data: {} } : { data: {} };
        },
      },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), 'ada');
    await user.type(passwordField(), 'Secret-123');
    await user.click(submitButton());
    expect(await screen.findByText(tCommon('toast.loginFailed'))).toBeTruthy();
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(screen.queryByText(tCommon('toast.loginFailed'))).toBeNull());
  });

  it('shows field errors under their fields', async () => {
    stubLoginServer({ status: 400, data: { login: ['Enter a username or email.', 'Other'] } });
    renderApp('/login');
    await screen.findByRole('heading', { name: tCommon('login.title') });
    const user = userEvent.setup();
    await user.type(loginField(), 'a');
    await user.type(passwordField(), 'b');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a username or email.');
    expect(screen.queryByText('Other')).toBeNull();
    expect(screen.queryByTestId('login-form-error')).toBeNull();
  });
});

describe('LoginPage in reset mode', () => {
  it('asks for an email, enabling Reset password once it is filled', async () => {
    const { requests } = stubServer({ overrides: { 'POST /app/auth/reset-password': { data: {} } } });
    const { router } = renderApp('/login/reset');
    const emailField = await screen.findByLabelText(tCommon('login.emailLabel'));
    const resetButton = screen.getByRole('button', { name: tCommon('login.resetSubmit') });
    expect(screen.getByRole('link', { name: tCommon('login.backToLogin') }).getAttribute('href')).toBe(
      '/login',
    );
    expect(resetButton.hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    await user.type(emailField, ' ada@example.com ');
    expect(resetButton.hasAttribute('disabled')).toBe(false);
    await user.click(resetButton);
    expect(await screen.findByText(tCommon('login.resetSent'))).toBeTruthy();
    const call = requests.find((request) => request.url === '/app/auth/reset-password');
    expect(call?.data).toEqual({ email: 'ada@example.com' });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it('shows an email field error under the field', async () => {
    stubServer({
      overrides: {
        'POST /app/auth/reset-password': { status: 400, data: { email: ['Invalid email address.'] } },
      },
    });
    renderApp('/login/reset');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(tCommon('login.emailLabel')), 'nope');
    await user.click(screen.getByRole('button', { name: tCommon('login.resetSubmit') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email address.');
  });

  describe('single sign-on', () => {
    const ssoConfig = (extra: object = {}) => ({
      overrides: { 'GET /config': () => ({ data: { ...CONFIG, sso_name: 'Example ID', ...extra } }) },
    });

    it('offers the provider beside the password form, keeping the redirect target', async () => {
      stubServer(ssoConfig());
      renderApp('/login?redirect=/profile');
      const button = await screen.findByRole('link', {
        name: tCommon('login.ssoButton', { name: 'Example ID' }),
      });
      expect(button.getAttribute('href')).toBe('/app/auth/sso/start?redirect=%2Fprofile');
      expect(passwordField()).toBeTruthy();
    });

    it('says why a single sign-on came back, in the catalogue’s words', async () => {
      stubServer(ssoConfig());
      renderApp('/login?sso_error=domain');
      expect((await screen.findByTestId('login-sso-error')).textContent).toBe(
        tCommon('login.ssoErrors.domain'),
      );
    });

    it('keeps the password form behind a link when password sign-in is for superusers only', async () => {
      stubServer(ssoConfig({ password_login: false }));
      renderApp('/login');
      const reveal = await screen.findByRole('button', { name: tCommon('login.showPassword') });
      expect(screen.queryByLabelText(tCommon('login.passwordLabel'))).toBeNull();
      await userEvent.setup().click(reveal);
      expect(passwordField()).toBeTruthy();
    });

    it('asks for the two-factor code a single sign-on hands over', async () => {
      stubServer(ssoConfig());
      // The fragment is the browser's own (the app's router in the tests keeps its address in memory).
      window.history.replaceState(null, '', '/login#two_factor=the-challenge');
      renderApp('/login');
      expect(await screen.findByTestId('two-factor-login-form')).toBeTruthy();
      expect(window.location.hash).toBe('');
    });
  });
});
