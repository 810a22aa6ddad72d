import { expect, type Page, test } from '@playwright/test';
import { PROJECT_NAME_MAX_LENGTH, PROJECT_NAME_TEXTS } from '@waymark/contract';
import { apiAsUser, signInByApi, snap } from './fixtures.ts';
import { snapBoth } from './viewports.ts';
import { tFiles, tProject } from './texts.ts';

const NAME = 'river-survey';

async function openMyProjects(page: Page) {
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: /My projects/ })).toBeVisible();
}

function rowNames(page: Page) {
  return page.getByTestId('project-name-link');
}

// One journey through the life of a project; each step builds on the one before.
test.describe.serial('a project from creation to deletion', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page);
  });

  test('create a project from the empty state', async ({ page }) => {
    await openMyProjects(page);
    await expect(page.getByText("You don't have any projects yet.")).toBeVisible();
    await expect(page.getByText('Let’s start by creating a first one!')).toBeVisible();
    await snap(page, 'projects-empty');

    await page.getByRole('button', { name: 'Create new project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    const create = dialog.getByRole('button', { name: 'Create project' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Project name').fill('   ');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Project name').fill(`  ${NAME}  `);
    await snap(page, 'new-project-dialog');
    await create.click();

    await expect(page).toHaveURL(new RegExp(`/projects/admin/${NAME}`));
    await expect(page.getByTestId('project-header-name')).toHaveText(NAME);
    await expect(page.getByTestId('project-header-version')).toHaveText('v0');
    await snap(page, 'project-page');

    await page.getByTestId('project-tab-history').click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await snap(page, 'project-history');
    await page.getByTestId('project-tab-collaborators').click();
    await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
    await expect(page.getByTestId('members-table')).toContainText('(me)');
    await snap(page, 'project-collaborators');
  });

  test('a duplicate name shows the server error under the field', async ({ page }) => {
    await openMyProjects(page);
    await page.getByTestId('projects-create').click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill(NAME.toUpperCase());
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText('Project with the same name already exists')).toBeVisible();
    await snap(page, 'new-project-duplicate');
    // A name past the limit is told the limit, not only 'The provided value is invalid.'.
    await dialog.getByLabel('Project name').fill('n'.repeat(PROJECT_NAME_MAX_LENGTH + 1));
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText(PROJECT_NAME_TEXTS.tooLong)).toBeVisible();
    await expect(dialog.getByText('Project name can be at most 255 characters long.')).toBeVisible();
    await snapBoth(page, 'new-project-too-long');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the project shows on the dashboard and in the list', async ({ page }) => {
    await page.goto('/dashboard');
    const recent = page.getByText('Recent active projects');
    await expect(recent).toBeVisible();
    await expect(rowNames(page).filter({ hasText: NAME })).toBeVisible();
    await snap(page, 'dashboard-with-project');

    await page.getByTestId('sidebar-item-projects').click();
    await expect(page.getByRole('heading', { name: /My projects/ })).toBeVisible();
    await expect(page.getByTestId('projects-count')).toHaveText('1');
    const row = rowNames(page).filter({ hasText: NAME });
    await expect(row).toBeVisible();
    await expect(page.getByTestId('project-versions').first()).toHaveText('0');
    await expect(page.getByTestId('project-size').first()).toHaveText('0.0 MB');
    await snap(page, 'projects-list');
  });

  test('search and sort the list', async ({ page }) => {
    await apiAsUser(page, 'POST', '/v1/project/admin', { name: 'alpine-lakes', public: false });
    await apiAsUser(page, 'POST', '/v1/project/admin', { name: 'zoning-plan', public: false });
    await openMyProjects(page);
    await expect(rowNames(page)).toHaveCount(3);

    await page.getByPlaceholder('Search projects by name').fill('lake');
    await expect(rowNames(page)).toHaveText(['alpine-lakes']);
    await page.getByPlaceholder('Search projects by name').fill('nothing-like-this');
    await expect(
      page.getByText("We couldn't find any projects matching your search criteria."),
    ).toBeVisible();
    await snap(page, 'projects-search-empty');
    await page.getByPlaceholder('Search projects by name').fill('');
    await expect(rowNames(page)).toHaveCount(3);

    await page.getByTestId('projects-sort').click();
    await expect(page.getByRole('option', { name: 'Sort by name A-Z' })).toBeVisible();
    await snap(page, 'projects-sort-menu');
    await page.getByRole('option', { name: 'Sort by name A-Z' }).click();
    await expect(rowNames(page)).toHaveText(['alpine-lakes', NAME, 'zoning-plan']);
    await page.getByTestId('projects-sort').click();
    await page.getByRole('option', { name: 'Sort by name Z-A' }).click();
    await expect(rowNames(page)).toHaveText(['zoning-plan', NAME, 'alpine-lakes']);
    await snap(page, 'projects-sorted');

    await rowNames(page).filter({ hasText: NAME }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/admin/${NAME}`));
  });

  test('clone it into a second workspace', async ({ page }) => {
    await page.goto(`/projects/admin/${NAME}`);
    await page.getByTestId('project-clone').click();
    const dialog = page.getByRole('dialog', { name: 'Clone project' });
    await expect(dialog.getByLabel('Project name')).toHaveValue(NAME);
    await dialog.getByTestId('clone-dialog-workspace').click();
    await expect(page.getByRole('option', { name: 'Field Team' })).toBeVisible();
    await snap(page, 'clone-dialog-workspaces');
    await page.getByRole('option', { name: 'Field Team' }).click();
    await snap(page, 'clone-dialog');
    await dialog.getByRole('button', { name: 'Clone project' }).click();

    await expect(page).toHaveURL(new RegExp(`/projects/Field%20Team/${NAME}`));
    await expect(page.getByTestId('project-header-namespace')).toHaveText('Field Team');
    await expect(
      page.getByText(tProject('cloneProject.cloned', { path: `Field Team/${NAME}` })),
    ).toBeVisible();
    await snapBoth(page, 'project-cloned');
  });

  test('make it public and find it in explore while signed out', async ({ page }) => {
    await page.goto(`/projects/admin/${NAME}/settings`);
    await expect(page.getByTestId('project-visibility-state')).toHaveText('This project is private');
    await page.getByTestId('project-visibility-toggle').click();
    // It says what making it public means, and its button says what it does (not 'Action' and 'Yes').
    const confirm = page.getByRole('dialog', { name: tProject('settings.confirmPublicHeader') });
    await expect(confirm).toContainText('Anyone with the link will be able to see and download the data');
    await expect(confirm.getByRole('button', { name: 'Yes' })).toHaveCount(0);
    await snapBoth(page, 'settings-public-confirm');
    await confirm.getByRole('button', { name: tProject('settings.makePublic') }).click();
    await expect(page.getByTestId('project-visibility-state')).toHaveText('This project is public');
    await expect(confirm).toBeHidden();
    await snap(page, 'project-settings');

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByText('Sign out').click();
    await expect(page).toHaveURL(/\/login/);

    await page.goto('/projects/explore');
    await expect(page.getByRole('heading', { name: /Public projects/ })).toBeVisible();
    await expect(rowNames(page)).toHaveCount(1);
    await expect(rowNames(page).first()).toContainText(NAME);
    await snap(page, 'explore-signed-out');
    await rowNames(page).first().click();
    await expect(page.getByTestId('project-header-name')).toHaveText(NAME);
    await expect(page.getByTestId('project-tab-settings')).toHaveCount(0);
    // An anonymous visitor of the empty project is not told to drop files.
    await expect(page.getByText(tFiles('upload.dropTitle'))).toHaveCount(0);
    await expect(page.getByTestId('upload-panel')).toHaveCount(0);
    await snapBoth(page, 'project-page-visitor');
  });

  test('delete it by typing its name', async ({ page }) => {
    await page.goto(`/projects/admin/${NAME}/settings`);
    await page.getByTestId('project-delete-button').click();
    const dialog = page.getByRole('dialog', { name: 'Delete project' });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Project name').fill(NAME.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Project name').fill(NAME);
    await expect(confirm).toBeEnabled();
    await snap(page, 'delete-confirm');
    await confirm.click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(tProject('settings.deleted', { name: `admin/${NAME}` }))).toBeVisible();
    await snapBoth(page, 'project-deleted');
    await page.goto(`/projects/admin/${NAME}`);
    await expect(page.getByText('Project not found')).toBeVisible();
    await expect(page.getByText('Please check if address is written correctly')).toBeVisible();
    await snap(page, 'project-not-found');
  });
});
