import { expect, type Page, request, test } from '@playwright/test';
import { generate } from 'otplib';
import { apiAsUser, openProfile, signIn, signInByApi, snap } from './fixtures.ts';
import { tSecurity } from './texts.ts';
import { snapBoth } from './viewports.ts';

const USER = { username: 'sami-secure', email: 'sami@example.com', password: 'Sami-secure-pass1' };

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login/);
}

/** The authenticator app: the code of the step `offsetSteps` from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

test('security: turn on two-factor sign-in, sign in with a code; create a token, use it, revoke it; the admin panel resets it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v2/users', USER);
  await signInByApi(page, USER.username, USER.password);

  // The Security card: password, two-factor off, no tokens yet.
  await page.goto('/profile');
  const card = page.getByTestId('account-security');
  await expect(card.getByRole('heading', { name: tSecurity('card.title') })).toBeVisible();
  await expect(card.getByTestId('two-factor-state')).toHaveText(tSecurity('twoFactor.off'));
  await expect(card.getByTestId('access-tokens-empty')).toBeVisible();
  await snapBoth(page, 'security-profile');

  // Turn it on: the QR code and the key, then the code the app computes.
  await card.getByRole('button', { name: tSecurity('twoFactor.turnOn') }).click();
  const dialog = page.getByRole('dialog', { name: tSecurity('twoFactor.enrolTitle') });
  await expect(dialog.getByRole('img', { name: tSecurity('twoFactor.qrAlt') })).toBeVisible();
  const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByLabel(tSecurity('twoFactor.codeLabel')).fill('000000');
  await dialog.getByRole('button', { name: tSecurity('twoFactor.confirm') }).click();
  await expect(dialog.getByTestId('two-factor-code-error')).toBeVisible();
  await dialog.getByLabel(tSecurity('twoFactor.codeLabel')).fill(await codeOf(secret));
  await snapBoth(page, 'security-enrol');
  await dialog.getByRole('button', { name: tSecurity('twoFactor.confirm') }).click();
  const codes = page.getByRole('dialog', { name: tSecurity('twoFactor.codesTitle') });
  await expect(codes.getByTestId('recovery-code')).toHaveCount(10);
  await snapBoth(page, 'security-recovery-codes');
  await codes.getByRole('button', { name: tSecurity('twoFactor.done') }).click();
  await expect(card.getByTestId('two-factor-state')).toHaveText(tSecurity('twoFactor.on'));

  // Sign out and in again: the password, then a code (the next step's: the enrolment spent the current one).
  await signOut(page);
  await signIn(page, USER.username, USER.password);
  const step = page.getByTestId('two-factor-login-form');
  await expect(step.getByRole('heading', { name: tSecurity('login.title') })).toBeVisible();
  await snapBoth(page, 'security-sign-in-code');
  await step.getByLabel(tSecurity('login.codeLabel')).fill(await codeOf(secret, 1));
  await step.getByRole('button', { name: tSecurity('login.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A token with the write scope, shown once, then used by a script.
  await openProfile(page);
  await card.getByRole('button', { name: tSecurity('tokens.create') }).click();
  const create = page.getByRole('dialog', { name: tSecurity('tokens.createTitle') });
  await create.getByLabel(tSecurity('tokens.nameLabel'), { exact: true }).fill('Journey script');
  await create.getByText(tSecurity('tokens.scopes.write'), { exact: true }).click();
  await snapBoth(page, 'security-token-create');
  await create.getByRole('button', { name: tSecurity('tokens.createSubmit') }).click();
  const shown = page.getByRole('dialog', { name: tSecurity('tokens.createdTitle') });
  const token = (await shown.getByTestId('created-token-value').textContent()) ?? '';
  expect(token).toMatch(/^\.[\w-]+\.wmkpat_[\w-]{43}$/);
  await snapBoth(page, 'security-token-created');
  await shown.getByRole('button', { name: tSecurity('tokens.close') }).click();

  const script = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const profile = await script.get('/v1/user/profile');
  expect(profile.status()).toBe(200);
  expect(((await profile.json()) as { username: string }).username).toBe(USER.username);
  const made = await script.post(`/v1/project/${USER.username}`, { data: { name: 'made-by-token' } });
  expect(made.status()).toBe(200);
  // The API sign-in of an account with two-factor on is refused, with a pointer to tokens.
  const apiLogin = await script.post('/v1/auth/login', {
    data: { login: USER.username, password: USER.password },
    headers: { Authorization: '' },
  });
  expect(apiLogin.status()).toBe(401);

  await page.reload();
  const item = card.getByTestId('access-token').filter({ hasText: 'Journey script' });
  await expect(item.getByTestId('access-token-last-used')).not.toHaveText(tSecurity('tokens.never'));
  await snapBoth(page, 'security-tokens');

  // Revoked: the script is refused at once.
  await item
    .getByRole('button', { name: tSecurity('tokens.revokeLabel', { name: 'Journey script' }) })
    .click();
  const revoke = page.getByTestId('revoke-token-dialog');
  await snap(page, 'security-token-revoke');
  await revoke.getByRole('button', { name: tSecurity('tokens.revoke') }).click();
  await expect(card.getByTestId('access-tokens-empty')).toBeVisible();
  expect((await script.get('/v1/user/profile')).status()).toBe(401);
  await script.dispose();

  // The project the script made goes again (other journeys start from empty lists).
  const project = (await (await page.request.get(`/v1/project/${USER.username}/made-by-token`)).json()) as {
    id: string;
  };
  await apiAsUser(page, 'POST', `/v2/projects/${project.id}/scheduleDelete`);
  // A token the superuser will revoke.
  await apiAsUser(page, 'POST', '/app/auth/tokens', {
    name: 'Nightly export',
    scope: 'read',
    expires_in_days: 90,
  });
  await signOut(page);

  // The admin panel: who has two-factor on, every token, and the reset.
  await signInByApi(page);
  await page.goto('/admin/users');
  const row = page.getByTestId('admin-users-table').getByRole('row').filter({ hasText: USER.username });
  await expect(row.getByTestId('admin-user-two-factor')).toHaveText('Yes');
  await snapBoth(page, 'security-admin-users');
  await page.getByTestId('admin-tab-tokens').click();
  await expect(page).toHaveURL(/\/admin\/tokens$/);
  const tokenRow = page
    .getByTestId('admin-tokens-table')
    .getByRole('row')
    .filter({ hasText: 'Nightly export' });
  await expect(tokenRow.getByTestId('admin-token-user')).toHaveText(USER.username);
  await snapBoth(page, 'security-admin-tokens');
  await tokenRow
    .getByRole('button', {
      name: tSecurity('tokens.revokeLabel', { name: `${USER.username}: Nightly export` }),
    })
    .click();
  await page
    .getByTestId('admin-revoke-token-dialog')
    .getByRole('button', { name: tSecurity('tokens.revoke') })
    .click();
  await expect(page.getByTestId('admin-tokens-empty')).toBeVisible();
  await page.getByTestId('admin-tab-users').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await row.getByRole('button', { name: `Actions for ${USER.username}` }).click();
  await page.getByRole('menuitem', { name: tSecurity('admin.resetTwoFactor') }).click();
  const reset = page.getByTestId('admin-user-confirm');
  await snap(page, 'security-admin-reset');
  await reset.getByRole('button', { name: tSecurity('admin.resetTwoFactor') }).click();
  await expect(row.getByTestId('admin-user-two-factor')).toHaveText('No');
});
