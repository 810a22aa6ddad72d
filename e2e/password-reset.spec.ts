import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAsUser, signIn, snap } from './fixtures.ts';

const USER = { username: 'forgetful-fran', email: 'fran@example.com', password: 'Fran-first-pass1' };
const NEW_PASSWORD = 'Fran-second-pass2';

/** The reset link from the newest mail to `to` in the server's outbox (no SMTP_URL in these journeys). */
function resetLinkFromOutbox(to: string): string {
  const outbox = path.join(process.env.WAYMARK_E2E_DATA ?? '', 'outbox');
  const mails = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => text.includes(`To: ${to}`));
  const match = /(\/change-password\/[\w.-]+)/.exec(mails.at(-1) ?? '');
  if (!match?.[1]) throw new Error(`no reset link mailed to ${to}`);
  return match[1];
}

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

  await page.goto(resetLinkFromOutbox(USER.email));
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
