import { expect, type Page, test } from '@playwright/test';
import { apiAsUser, signInByApi, snap } from './fixtures.ts';

/**
 * Renaming a project (issue 23): in its Settings tab, with the project name rules checked as one types and the
 * server's refusal under the field; and in the admin panel's project list. On a desktop and a phone screen.
 */

const ORIGINAL = 'rename-me';
const TAKEN = 'rename-taken';
const RENAMED = 'renamed-survey';
const BY_ADMIN = 'renamed-by-admin';

async function openRenameDialog(page: Page) {
  await page.getByTestId('project-rename-button').click();
  const dialog = page.getByRole('dialog', { name: 'Rename project' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe.serial('renaming a project', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInByApi(page);
  });

  test('in the Settings tab: name rules, a taken name, then the new address', async ({ page }) => {
    await apiAsUser(page, 'POST', '/v1/project/admin', { name: ORIGINAL });
    await apiAsUser(page, 'POST', '/v1/project/admin', { name: TAKEN });
    await page.goto(`/projects/admin/${ORIGINAL}/settings`);
    await expect(page.getByTestId('project-rename-state')).toHaveText(`This project is named ${ORIGINAL}`);
    await snap(page, 'rename-settings-desktop');

    const dialog = await openRenameDialog(page);
    const name = dialog.getByLabel('New project name');
    const submit = dialog.getByRole('button', { name: 'Rename project' });
    await expect(name).toHaveValue(ORIGINAL);
    await name.fill('.hidden');
    await expect(dialog.getByText('Value can not start with space or dot.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await name.fill('bad/name');
    await expect(
      dialog.getByText('Please use only alphanumeric or the following -_. characters.'),
    ).toBeVisible();
    await snap(page, 'rename-dialog-rule-desktop');

    await name.fill(TAKEN);
    await submit.click();
    await expect(dialog.getByText('Name already exist within workspace')).toBeVisible();
    await snap(page, 'rename-dialog-taken-desktop');

    await name.fill(`  ${RENAMED} `);
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`/projects/admin/${RENAMED}/settings$`));
    await expect(page.getByText('Project renamed')).toBeVisible();
    await expect(page.getByTestId('project-header-name')).toHaveText(RENAMED);
    await expect(page.getByTestId('project-rename-state')).toHaveText(`This project is named ${RENAMED}`);
    await snap(page, 'rename-done-desktop');

    // The old address is gone.
    await page.goto(`/projects/admin/${ORIGINAL}/tree`);
    await expect(page.getByTestId('project-header-name')).toHaveCount(0);
  });

  test('on a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/admin/${RENAMED}/settings`);
    await expect(page.getByTestId('project-rename-state')).toBeVisible();
    await snap(page, 'rename-settings-phone');
    const dialog = await openRenameDialog(page);
    await dialog.getByLabel('New project name').fill('');
    await expect(dialog.getByRole('button', { name: 'Rename project' })).toBeDisabled();
    await snap(page, 'rename-dialog-phone');
    const box = await dialog.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('in the admin panel', async ({ page }) => {
    await page.goto('/admin/projects');
    const row = page.getByRole('row').filter({ hasText: RENAMED });
    await row.getByRole('button', { name: `Rename ${RENAMED}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename project' });
    await dialog.getByLabel('New project name').fill(BY_ADMIN);
    await snap(page, 'rename-admin-dialog');
    await dialog.getByRole('button', { name: 'Rename project' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Project renamed to admin/${BY_ADMIN}`)).toBeVisible();
    await expect(page.getByTestId('admin-projects-table')).toContainText(BY_ADMIN);
    await snap(page, 'rename-admin-done');
  });
});
