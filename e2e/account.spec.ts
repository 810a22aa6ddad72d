import { expect, type Page, test } from '@playwright/test';
import { ACCOUNT_TEXTS } from '@waymark/contract';
import { apiAsUser, linkFromOutbox, openProfile, signIn, signInByApi, snap } from './fixtures.ts';
import { tCommon } from './texts.ts';

const USER = { username: 'paula-profile', email: 'paula@example.com', password: 'Paula-first-pass1' };
const NEW_EMAIL = 'paula.new@example.org';
const NEW_PASSWORD = 'Paula-second-pass2';
const CONFIRM_LINK = /(\/confirm-email\/[\w.-]+)/;

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login/);
}

test('account: edit the profile and confirm the new address, notifications, change password, close account', async ({
  page,
}) => {
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name: 'paula-wants-in', public: false });
  await apiAsUser(page, 'POST', '/v2/users', {
    email: USER.email,
    password: USER.password,
    username: USER.username,
  });
  await signInByApi(page, USER.username, USER.password);
  await apiAsUser(page, 'POST', '/app/project/access-request/admin/paula-wants-in');

  // The profile page of an unverified user without a name, with the access she asked for.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Account details' })).toBeVisible();
  await expect(page.getByText('Please verify your email')).toBeVisible();
  await expect(page.getByTestId('profile-username')).toHaveText(USER.username);
  await expect(page.getByTestId('profile-name')).toHaveText('-');
  await expect(page.getByTestId('profile-email-unverified')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You requested access to these projects' })).toBeVisible();
  await expect(page.getByTestId('own-access-request')).toContainText('admin/paula-wants-in');
  await snap(page, 'profile');

  // Edit account: values are trimmed; a new address is unverified and mailed a link.
  await page.getByTestId('edit-account-button').click();
  const edit = page.getByTestId('edit-account-dialog');
  await edit.getByLabel('First name').fill('  Paula ');
  await edit.getByLabel('Last name').fill(' Profile  ');
  await edit.getByLabel('Email').fill(' not an address ');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('edit-account-email-error')).toHaveText(ACCOUNT_TEXTS.invalidEmail);
  await snap(page, 'profile-edit-account-error');
  await edit.getByLabel('Email').fill(` ${NEW_EMAIL} `);
  await snap(page, 'profile-edit-account');
  const editedAt = Date.now();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile has been changed')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Paula Profile');
  await expect(page.getByTestId('profile-email')).toHaveText(NEW_EMAIL);
  await expect(page.getByTestId('profile-email-unverified')).toBeVisible();

  await page.getByRole('button', { name: 'Send confirmation email' }).click();
  await expect(page.getByText(`Email was sent to address: ${NEW_EMAIL}`)).toBeVisible();
  const link = await linkFromOutbox(NEW_EMAIL, CONFIRM_LINK, editedAt);

  // The link verifies the address once.
  await page.goto(link);
  await expect(page.getByTestId('confirm-email-result')).toHaveText('Your email address has been verified.');
  await snap(page, 'confirm-email');
  await page.goto(link);
  await expect(page.getByTestId('confirm-email-result')).toHaveText('Invalid token');
  await snap(page, 'confirm-email-invalid');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openProfile(page);
  await expect(page.getByTestId('profile-email')).toHaveText(NEW_EMAIL);
  await expect(page.getByText('Please verify your email')).toHaveCount(0);
  await expect(page.getByTestId('profile-email-unverified')).toHaveCount(0);

  // Notifications: off for a user created through the API without `notify_user` (as the reference); the switch
  // is saved.
  const notifications = page.getByRole('switch', { name: 'Receive notifications' });
  await expect(notifications).not.toBeChecked();
  await notifications.click();
  await expect(page.getByText('Profile has been changed').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Receive notifications' })).toBeChecked();
  await snap(page, 'profile-verified');

  // Change password: Save waits for all three fields; the server's errors show under their fields.
  await page.getByTestId('change-password-button').click();
  const dialog = page.getByTestId('change-password-dialog');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByTestId('change-password-old').locator('input').fill('Wrong-pass1');
  await dialog.getByTestId('change-password-new').locator('input').fill(NEW_PASSWORD);
  await dialog.getByTestId('change-password-confirm').locator('input').fill(NEW_PASSWORD);
  await save.click();
  await expect(page.getByTestId('change-password-old-error')).toHaveText('The old password is incorrect');
  await snap(page, 'profile-change-password-error');
  await dialog.getByTestId('change-password-old').locator('input').fill(USER.password);
  await dialog.getByTestId('change-password-new').locator('input').fill('weakpass');
  await dialog.getByTestId('change-password-confirm').locator('input').fill('weakpass');
  await save.click();
  await expect(page.getByTestId('change-password-new-error')).toHaveText(tCommon('passwordRule'));
  await dialog.getByTestId('change-password-new').locator('input').fill(NEW_PASSWORD);
  await dialog.getByTestId('change-password-confirm').locator('input').fill(NEW_PASSWORD);
  await snap(page, 'profile-change-password');
  await save.click();
  await expect(page.getByText('Password has been changed')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await signOut(page);
  await signIn(page, USER.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Close account: the username must be typed; afterwards sign-in is refused.
  await openProfile(page);
  await page.getByTestId('close-account-button').click();
  const closeDialog = page.getByTestId('close-account-dialog');
  const confirm = closeDialog.getByRole('button', { name: 'Close account' });
  await expect(confirm).toBeDisabled();
  await closeDialog.getByTestId('close-account-dialog-field').fill(USER.username);
  await expect(confirm).toBeEnabled();
  await snap(page, 'profile-close-account');
  await confirm.click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account has been closed.')).toBeVisible();
  await snap(page, 'account-closed');
  await signIn(page, USER.username, NEW_PASSWORD);
  await expect(page.getByText('Invalid username or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // Leave the admin workspace empty again for the journeys that start from an empty list.
  await signInByApi(page);
  const project = (await (await page.request.get('/v1/project/admin/paula-wants-in')).json()) as {
    id: string;
  };
  await apiAsUser(page, 'POST', `/v2/projects/${project.id}/scheduleDelete`);
});
