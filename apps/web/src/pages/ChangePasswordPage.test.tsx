import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../test/renderApp.tsx';
import type { StubReply } from '../test/stubAdapter.ts';
import { tAccount } from '../i18n/account.ts';
import { tCommon } from '../i18n/common.ts';

const PATH = '/change-password/tok-123';
const ENDPOINT = 'POST /app/auth/reset-password/tok-123';
const CHECK = 'GET /app/auth/reset-password/tok-123';
const VALID = { [CHECK]: { data: {} } };

const newPasswordField = () => screen.getByLabelText(tAccount('changePassword.newPasswordLabel'));
const confirmField = () => screen.getByLabelText(tAccount('changePassword.confirmLabel'));
const submitButton = () => screen.getByRole('button', { name: tAccount('changePassword.submit') });

/** Renders the page against a server giving `reply` to the change call and fills both fields. */
async function submitWith(reply: StubReply, password = 'Secret-123', confirm = 'Secret-123') {
  const stub = stubServer({ overrides: { ...VALID, [ENDPOINT]: reply } });
  renderApp(PATH);
  await screen.findByLabelText(tAccount('changePassword.newPasswordLabel'));
  const user = userEvent.setup();
  await user.type(newPasswordField(), password);
  await user.type(confirmField(), confirm);
  await user.click(submitButton());
  return stub;
}

describe('ChangePasswordPage', () => {
  it('checks the link as the page opens: a used or expired one is said at once, with a way to a new one', async () => {
    const { requests } = stubServer({
      overrides: { [CHECK]: { status: 400, data: { detail: 'Invalid token' } } },
    });
    renderApp(PATH);
    await screen.findByRole('heading', { name: tAccount('changePassword.invalidTitle') });
    expect(screen.getByText(tAccount('changePassword.invalidText'))).toBeTruthy();
    const link = screen.getByRole('link', { name: tAccount('changePassword.requestNew') });
    expect(link.getAttribute('href')).toBe('/login/reset');
    expect(screen.queryByLabelText(tAccount('changePassword.newPasswordLabel'))).toBeNull();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    // No toast on top of the page's own words.
    expect(screen.queryByText('Invalid token')).toBeNull();
  });

  it('keeps Change disabled until both fields are filled', async () => {
    stubServer({ overrides: VALID });
    renderApp(PATH);
    await screen.findByRole('heading', { name: tAccount('changePassword.title') });
    await screen.findByLabelText(tAccount('changePassword.newPasswordLabel'));
    expect(newPasswordField().getAttribute('type')).toBe('password');
    expect(newPasswordField().getAttribute('placeholder')).toBe('Must be at least 8 characters');
    // End-to-end tests reach the inputs through their wrappers' test ids.
    expect(screen.getByTestId('change-password-new').querySelector('input')).toBe(newPasswordField());
    expect(screen.getByTestId('change-password-confirm').querySelector('input')).toBe(confirmField());
    const user = userEvent.setup();
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await user.type(newPasswordField(), 'Secret-123');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await user.type(confirmField(), 'Secret-123');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    await user.clear(newPasswordField());
    expect(submitButton().hasAttribute('disabled')).toBe(true);
  });

  it('sends both values to the token endpoint and then offers to sign in', async () => {
    const { requests } = await submitWith({ data: {} }, 'Secret-123', 'Secret-124');
    const success = await screen.findByTestId('change-password-success');
    expect(success.textContent).toBe('Your password was changed. You can now Sign in');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    const calls = requests.filter(
      (request) => request.method === 'POST' && request.url === '/app/auth/reset-password/tok-123',
    );
    expect(calls.map((request) => request.data)).toEqual([{ password: 'Secret-123', confirm: 'Secret-124' }]);
    expect(screen.queryByTestId('change-password-form')).toBeNull();
  });

  it('shows an invalid token inline and as a toast', async () => {
    await submitWith({ status: 400, data: { detail: 'Invalid token' } });
    const inline = await screen.findByTestId('change-password-error');
    expect(inline.textContent).toContain('Invalid token');
    await waitFor(() => expect(screen.getAllByText('Invalid token')).toHaveLength(2));
  });

  it('falls back to a generic toast when the server gives no detail', async () => {
    await submitWith({ status: 500, data: {} });
    await waitFor(() => expect(screen.getAllByText(tAccount('changePassword.failed'))).toHaveLength(2));
  });

  it('replaces a server message about the password by the full rule', async () => {
    await submitWith({
      status: 400,
      data: { detail: 'Password is too weak', password: ['Password is too weak', 'Other'] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(tCommon('passwordRule'));
    expect(screen.queryByTestId('change-password-error')).toBeNull();
  });

  it('shows other password messages as they are', async () => {
    await submitWith({ status: 400, data: { detail: 'x', password: ['This password is too common.'] } });
    expect((await screen.findByRole('alert')).textContent).toBe('This password is too common.');
  });

  it('shows a confirm error under the confirm field', async () => {
    await submitWith(
      { status: 400, data: { detail: 'Passwords do not match.', confirm: ['Passwords do not match.'] } },
      'Secret-123',
      'Secret-124',
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Passwords do not match.');
    expect(alert.id).toBe('change-password-confirm-error');
    expect(screen.queryByTestId('change-password-error')).toBeNull();
  });
});
