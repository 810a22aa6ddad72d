import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiAsUser, E2E_ADMIN, signIn, snap as snapPage } from './fixtures.ts';
import { bearerToken, pushFiles } from './projectFiles.ts';

// One journey (issue 28): a park project goes through three versions; v1 is restored from its History sidebar,
// after a confirmation that lists what will change, and the new version says it was restored from v1.
const PROJECT = 'park-restore';
const PROJECT_PATH = `admin/${PROJECT}`;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, name);
}

test('restores a version from History with a confirmation of what will change', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
  const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const project = { namespace: 'admin', name: PROJECT };
  await pushFiles(request, token, project, {
    added: [
      { path: 'park.gpkg', content: fixture('park.gpkg') },
      { path: 'notes.txt', content: Buffer.from('Trees to check: 3') },
    ],
  });
  await pushFiles(request, token, project, {
    removed: ['park.gpkg', 'notes.txt'],
    added: [{ path: 'plan.txt', content: Buffer.from('Replant in spring') }],
  });
  await pushFiles(request, token, project, {
    added: [{ path: 'park.gpkg', content: fixture('park-surveyed.gpkg') }],
  });

  await page.goto(`/projects/${PROJECT_PATH}/history?version_id=v1`);
  const detail = page.getByTestId('version-detail-sidebar');
  await expect(detail.getByTestId('version-detail-name')).toHaveText('v1');
  await detail.getByRole('button', { name: 'Restore the files of v1 as a new version' }).click();

  const dialog = page.getByRole('dialog', { name: 'Restore v1' });
  await expect(dialog.getByTestId('restore-plan-added').getByRole('listitem')).toHaveText(['notes.txt']);
  await expect(dialog.getByTestId('restore-plan-updated').getByRole('listitem')).toHaveText(['park.gpkg']);
  await expect(dialog.getByTestId('restore-plan-removed').getByRole('listitem')).toHaveText(['plan.txt']);
  await snap(page, 'restore-version-confirm');

  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT_PATH}/history\\?version_id=v4$`));
  await expect(detail.getByTestId('version-detail-name')).toHaveText('v4');
  await expect(detail.getByTestId('version-detail-restored-from')).toHaveText('v1');
  await expect(page.getByTestId('project-header-version')).toHaveText('v4');
  await expect(page.getByTestId('version-link').first()).toHaveText('v4');
  await snap(page, 'restore-version-done');

  // The files are v1's again.
  await page.goto(`/projects/${PROJECT_PATH}/tree`);
  await expect(page.getByText('notes.txt')).toBeVisible();
  await expect(page.getByText('plan.txt')).toHaveCount(0);
  expect(problems).toEqual([]);
});
