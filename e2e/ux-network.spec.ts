import { expect, type Page, test } from '@playwright/test';
import { apiAsUser, signInByApi } from './fixtures.ts';
import { JourneyServer } from './journeyServer.ts';
import { DESKTOP, snapBoth } from './viewports.ts';

const PROJECT = 'tern-colony';
const server = new JourneyServer('network');

test.beforeAll(async () => {
  await server.init();
});

test.afterAll(async () => {
  await server.stop();
});

async function expectShellKept(page: Page): Promise<void> {
  await expect(page.getByTestId('app-sidebar')).toBeAttached();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test('the server goes away and comes back: the app keeps its frame, says so once, and recovers by itself', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: server.origin, viewport: DESKTOP });
  const page = await context.newPage();
  await signInByApi(page);
  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The projects list and the project's files are loaded; History and the New project dialog are not, yet.
  await page.getByTestId('sidebar-item-projects').click();
  await expect(page.getByRole('link', { name: PROJECT })).toBeVisible();
  await page.getByRole('link', { name: PROJECT }).click();
  await expect(page.getByTestId('project-header-name')).toHaveText(PROJECT);

  await server.stop();

  // A tab never opened needs its code from the server: the page stays, with one notice, and no toasts.
  await page.getByTestId('project-tab-history').click();
  const notice = page.getByTestId('server-unreachable');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Cannot reach the server');
  await expect(notice).toHaveCount(1);
  await expectShellKept(page);
  await expect(page.getByTestId('project-header-name')).toHaveText(PROJECT);
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
  await snapBoth(page, 'network-unreachable');

  // The server returns: the notice goes by itself, and the tab that was asked for opens.
  await server.start();
  await expect(notice).toHaveCount(0, { timeout: 60_000 });
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId('versions-table')).toBeVisible();
  // Styled too: the style sheet of the page's code, lost with the first try, was loaded again.
  await expect(page.locator('.versions-card__header')).toHaveCSS('display', 'flex');
  await expect(page.getByText('Connected to the server again.')).toBeVisible();
  await expectShellKept(page);

  // Away again while on History: a list that cannot load says so, never 'No versions found.'.
  await server.stop();
  await page.getByTestId('versions-sort').click();
  await page.getByRole('option', { name: 'Oldest' }).click();
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('versions-load-error')).toBeVisible();
  await expect(page.getByText('No versions found.')).toHaveCount(0);
  await snapBoth(page, 'network-history-load-error');

  // 'Create project' needs the dialog's code: nothing breaks, and the dialog opens once the server is back.
  await page.getByTestId('sidebar-item-projects').click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByTestId('projects-create').click();
  await expectShellKept(page);
  await expect(notice).toBeVisible();
  await server.start();
  await expect(page.getByRole('dialog', { name: 'New project' })).toBeVisible({ timeout: 60_000 });
  await expect(notice).toHaveCount(0);
  await context.close();
});
