import { expect, test } from '@playwright/test';
import { ERROR_TEXTS } from '@waymark/contract';
import { apiAsUser, E2E_ADMIN, linkFromOutbox, signIn, signInByApi, snap } from './fixtures.ts';
import { snapBoth } from './viewports.ts';
import { tAccount, tCommon } from './texts.ts';

const USER = { username: 'forgetful-fran', email: 'fran@example.com', password: 'Fran-first-pass1' };
const NEW_PASSWORD = 'Fran-second-pass2';

test('forgotten password: ask for a link, set a new password with it, sign in', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/dashboard');
  await apiAsUser(page, 'POST', '/v2/users', {
    email: USER.email,
    password: USER.password,
    username: USER.username,
  });
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // Until the reset form shows, getByLabel('Email') would also find the login form's "Username or email".
  await expect(page).toHaveURL(/\/login\/reset$/);
  await page.getByLabel('Email').fill(USER.email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Email with password reset link was sent to your email address')).toBeVisible();
  await snap(page, 'login-reset-sent');

  const link = await linkFromOutbox(USER.email, /(\/change-password\/[\w.-]+)/);
  await page.goto(link);
  const change = page.getByRole('button', { name: 'Change' });
  await expect(change).toBeDisabled();
  await page.getByTestId('change-password-new').locator('input').fill(NEW_PASSWORD);
  await page.getByTestId('change-password-confirm').locator('input').fill(NEW_PASSWORD);
  await snap(page, 'change-password');
  await change.click();
  await expect(page.getByTestId('change-password-success')).toContainText(
    'Your password was changed. You can now Sign in',
  );
  await snap(page, 'change-password-done');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, USER.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The used link says so as it opens (not after a new password was typed twice) and offers a new one.
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: tAccount('changePassword.invalidTitle') })).toBeVisible();
  await expect(page.getByTestId('change-password-new')).toHaveCount(0);
  await snapBoth(page, 'change-password-used-link');
  await page.goto('/change-password/garbage');
  await expect(page.getByRole('heading', { name: tAccount('changePassword.invalidTitle') })).toBeVisible();
  await page.getByRole('link', { name: tAccount('changePassword.requestNew') }).click();
  await expect(page).toHaveURL(/\/login\/reset$/);
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('sign-in: a deactivated account is told so, the error is said once, a failed try leaves no toast behind', async ({
  page,
}) => {
  const sleeper = { username: 'dormant-dunlin', email: 'dunlin@example.com', password: 'Dunlin-pass-1' };
  await signInByApi(page);
  await page.goto('/dashboard');
  await apiAsUser(page, 'POST', '/v2/users', sleeper);
  await apiAsUser(page, 'PATCH', `/app/admin/user/${sleeper.username}`, { active: false });
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, sleeper.username, sleeper.password);
  await expect(page.getByTestId('login-form-error')).toHaveText(ERROR_TEXTS.accountDeactivated);
  // Once: inline only, no toast repeating it.
  await expect(page.getByText(ERROR_TEXTS.accountDeactivated)).toHaveCount(1);
  await snapBoth(page, 'login-deactivated');
  // A wrong password of the same account learns nothing about it.
  await signIn(page, sleeper.username, 'Not-the-password-1');
  await expect(page.getByTestId('login-form-error')).toHaveText(ERROR_TEXTS.invalidCredentials);

  // A sign-in without a reason from the server is the 'Failed to login' toast; signing in then takes it away.
  await page.route('**/app/auth/login', (route) => route.fulfill({ status: 502, body: '' }), { times: 1 });
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page.getByText(tCommon('toast.loginFailed'))).toBeVisible();
  await expect(page.getByTestId('login-form-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(tCommon('toast.loginFailed'))).toHaveCount(0);
});
