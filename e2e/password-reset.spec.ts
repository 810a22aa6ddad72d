import { expect, test } from '@playwright/test';
import { apiAsUser, linkFromOutbox, signIn, snap } from './fixtures.ts';

const USER = { username: 'forgetful-fran', email: 'fran@example.com', password: 'Fran-first-pass1' };
const NEW_PASSWORD = 'Fran-second-pass2';

test('forgotten password: ask for a link, set a new password with it, sign in', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
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

  await page.goto(await linkFromOutbox(USER.email, /(\/change-password\/[\w.-]+)/));
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
});
