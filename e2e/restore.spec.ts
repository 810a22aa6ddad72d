import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

import { apiAsUser, E2E_ADMIN, signInByApi, snap as snapPage } from './fixtures.ts';
import { bearerToken, pushFiles } from './projectFiles.ts';
import { snapBoth } from './viewports.ts';
import { tFiles } from './texts.ts';

// One journey (issue 28): a park project goes through three versions; v1 is restored from its History sidebar,
// after a confirmation that lists what will change, and the new version says it was restored from v1. Then one file
// is restored alone, from its file-version page and from the file history in the file sidebar.
const PROJECT = 'park-restore';
const PROJECT_PATH = `admin/${PROJECT}`;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapPage(page, name);
}

test('restores a version from History with a confirmation of what will change', async ({ page, request }) => {
  // Many snaps, each checked by axe, on a machine that may be busy.
  test.setTimeout(360_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await signInByApi(page);

  await apiAsUser(page, 'POST', '/v1/project/admin', { name: PROJECT, public: false });
  const token = await bearerToken(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const project = { namespace: 'admin', name: PROJECT };
  await pushFiles(request, token, project, {
    added: [
      { path: 'park.gpkg', content: fixture('park.gpkg') },
      { path: 'notes.txt', content: Buffer.from('Trees to check: 3') },
      { path: 'notes/readme.txt', content: Buffer.from('Survey notes live here') },
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

  // The latest version offers no restore: its files are the current ones.
  await expect(detail.getByTestId('version-detail-restore')).toHaveCount(0);
  await expect(detail.getByTestId('version-detail-latest')).toHaveText(tFiles('restoreVersion.isLatest'));

  // The files are v1's again.
  await page.goto(`/projects/${PROJECT_PATH}/tree`);
  await expect(page.getByText('notes.txt')).toBeVisible();
  await expect(page.getByText('plan.txt')).toHaveCount(0);

  // A nested path with plain slashes opens its file-version page; a file added in that version says so.
  await page.goto(`/projects/${PROJECT_PATH}/history/v1/notes/readme.txt`);
  await expect(page.getByTestId('file-version-name')).toHaveText('readme.txt');
  await expect(page.getByTestId('file-version-added')).toContainText(
    tFiles('changeset.addedText', { version: 'v1' }),
  );
  await expect(page.getByText(tFiles('changeset.fetchFailed'))).toHaveCount(0);
  // It is the file's current content: nothing to restore.
  await expect(page.getByTestId('file-version-current')).toHaveText(tFiles('restoreFile.isCurrent'));

  // The surveyed park of v3 comes back alone from its file-version page.
  await page.goto(`/projects/${PROJECT_PATH}/history/v3/park.gpkg`);
  await expect(page.getByTestId('file-version-added')).toBeVisible();
  await page
    .getByRole('button', { name: tFiles('restoreFile.buttonLabel', { path: 'park.gpkg', version: 'v3' }) })
    .click();
  const fileDialog = page.getByRole('dialog', {
    name: tFiles('restoreFile.header', { name: 'park.gpkg', version: 'v3' }),
  });
  await expect(
    fileDialog.getByText(tFiles('restoreFile.message', { path: 'park.gpkg', version: 'v3' })),
  ).toBeVisible();
  // On a phone the dialog fits the window: the page does not pan sideways behind it.
  await snapBoth(page, 'restore-file-confirm', async () => {
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
  await fileDialog.getByRole('button', { name: tFiles('restoreFile.confirm') }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${PROJECT_PATH}/history/v5/park\\.gpkg$`));
  await expect(
    page.getByText(tFiles('restoreFile.restored', { path: 'park.gpkg', version: 'v3', created: 'v5' })),
  ).toBeVisible();
  await expect(page.getByTestId('project-header-version')).toHaveText('v5');
  // Only park.gpkg changed, as a GeoPackage update whose rows are shown.
  await expect(page.getByTestId('changeset-grid').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('file-version-current')).toHaveText(tFiles('restoreFile.isCurrent'));
  await snapBoth(page, 'restore-file-done');
  const v5 = (await (await page.request.get(`/v1/project/version/${await projectId(page)}/v5`)).json()) as {
    restored_from: string;
    changes: Record<'added' | 'updated' | 'removed', Array<{ path: string }>>;
  };
  expect(v5.restored_from).toBe('v3');
  expect(v5.changes.updated.map((file) => file.path)).toEqual(['park.gpkg']);
  expect([...v5.changes.added, ...v5.changes.removed]).toEqual([]);

  // The file history in the file sidebar: v5 is current (v3 holds the same bytes), v4 (v1's park) can come back.
  await page.goto(`/projects/${PROJECT_PATH}/tree?file_path=park.gpkg`);
  const history = page.getByRole('list', { name: tFiles('restoreFile.historyLabel', { path: 'park.gpkg' }) });
  await expect(history.getByTestId('file-history-version')).toHaveText(['v5', 'v4', 'v3']);
  await expect(history.getByTestId('file-history-restore')).toHaveCount(1);
  await expect(
    history.getByTestId('file-history-row').first().getByTestId('file-history-current'),
  ).toBeVisible();
  await snapBoth(page, 'restore-file-history');
  await history
    .getByRole('button', { name: tFiles('restoreFile.buttonLabel', { path: 'park.gpkg', version: 'v4' }) })
    .click();
  const rowDialog = page.getByRole('dialog', {
    name: tFiles('restoreFile.header', { name: 'park.gpkg', version: 'v4' }),
  });
  await expect(
    rowDialog.getByText(tFiles('restoreFile.message', { path: 'park.gpkg', version: 'v4' })),
  ).toBeVisible();
  await snapBoth(page, 'restore-file-history-confirm', async () => {
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
  await rowDialog.getByRole('button', { name: tFiles('restoreFile.confirm') }).click();
  await expect(
    page.getByText(tFiles('restoreFile.restored', { path: 'park.gpkg', version: 'v4', created: 'v6' })),
  ).toBeVisible();
  await expect(history.getByTestId('file-history-version')).toHaveText(['v6', 'v5', 'v4', 'v3']);
  await expect(page.getByTestId('project-header-version')).toHaveText('v6');
  expect(problems).toEqual([]);
});

/** How far the page itself scrolls sideways (its scrolling element's width beyond the window); 0 when it does not. */
async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

async function projectId(page: Page): Promise<string> {
  return ((await (await page.request.get(`/v1/project/${PROJECT_PATH}`)).json()) as { id: string }).id;
}
