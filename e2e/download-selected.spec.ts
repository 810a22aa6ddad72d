import { expect, type Page, test } from '@playwright/test';

import { apiAsUser, E2E_ADMIN, signInByApi, snap } from './fixtures.ts';
import {
  bearerToken,
  type LocalFile,
  makeGeoPackage,
  makePng,
  pushFiles,
  zipEntries,
} from './projectFiles.ts';
import { DESKTOP, PHONE, snapBoth } from './viewports.ts';
import { tFiles } from './texts.ts';

/**
 * "Download selected files" in a project's file browser (issue 23): files chosen with their checkboxes (and
 * 'Select all' in a folder), a button with their count, the server's progress while it prepares the zip, then
 * the browser's download; a refusal shown with the server's words. On a laptop and a phone screen.
 */

const PROJECT = { namespace: 'admin', name: 'pick-and-zip' };
const TREE = `/projects/${PROJECT.namespace}/${PROJECT.name}/tree`;
const FILES: LocalFile[] = [
  { path: 'survey.gpkg', content: makeGeoPackage() },
  { path: 'readme.txt', content: Buffer.from('Hedgerow survey, spring.\n') },
  { path: 'notes/monday.txt', content: Buffer.from('Walked the north field.\n') },
  { path: 'notes/tuesday.txt', content: Buffer.from('Walked the south field, 14 points.\n') },
  { path: 'photos/gate.png', content: makePng() },
];
const sizeOf = (path: string) => FILES.find((file) => file.path === path)?.content.length;

const checkbox = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: tFiles('download.selectFile', { name }) });
const downloadButton = (page: Page) => page.getByTestId('files-download-selected');

/** Holds the answers about the zip (the GETs of its address) until `release`: the page shows its waiting state. */
async function holdArchivePolls(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/app\/projects\/[^/]+\/download\?/, async (route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  return release;
}

test.describe.serial('downloading chosen files', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInByApi(page);
  });

  test('choose files, see the zip being prepared, download it with exactly those files', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await apiAsUser(page, 'POST', `/v1/project/${PROJECT.namespace}`, { name: PROJECT.name });
    // A client of its own, without the browser's session cookie: the sync clients send only the token.
    const client = await playwright.request.newContext({ baseURL });
    const token = await bearerToken(client, E2E_ADMIN.username, E2E_ADMIN.password);
    await pushFiles(client, token, PROJECT, { added: FILES });
    await client.dispose();

    await page.goto(TREE);
    await expect(checkbox(page, 'readme.txt')).toBeVisible();
    await expect(downloadButton(page)).toHaveCount(0);
    // Folders have no checkbox: they are opened, their files chosen inside.
    await expect(
      page.getByRole('checkbox', { name: tFiles('download.selectFile', { name: 'notes' }) }),
    ).toHaveCount(0);

    await checkbox(page, 'readme.txt').check();
    await checkbox(page, 'survey.gpkg').check();
    await expect(downloadButton(page)).toHaveText(tFiles('download.download', { count: 2 }));
    // Choosing does not open the file's detail.
    await expect(page.getByTestId('file-detail-sidebar')).toBeHidden();
    await snapBoth(page, 'download-selected-chosen');

    const release = await holdArchivePolls(page);
    const downloading = page.waitForEvent('download');
    await downloadButton(page).click();
    const progress = page.getByTestId('files-download-progress');
    await expect(progress.getByText(tFiles('download.preparing'))).toBeVisible();
    await expect(progress.getByText(tFiles('download.preparingHint'))).toBeVisible();
    await expect(downloadButton(page)).toBeDisabled();
    await snapBoth(page, 'download-selected-preparing');
    release();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${PROJECT.name}-v1.zip`);
    const entries = await zipEntries(await download.path());
    expect(Object.fromEntries(entries)).toEqual({
      'readme.txt': sizeOf('readme.txt'),
      'survey.gpkg': sizeOf('survey.gpkg'),
    });
    await expect(progress).toBeHidden();
    await expect(downloadButton(page)).toBeEnabled();
    await page.unrouteAll();
  });

  test("'Select all' in a folder adds its files to those chosen elsewhere; clear starts again", async ({
    page,
  }) => {
    await page.goto(TREE);
    await checkbox(page, 'readme.txt').check();
    await page
      .getByTestId(/^file-row-link-/)
      .filter({ hasText: /^notes$/ })
      .click();
    await expect(page).toHaveURL(/\/tree\/notes$/);
    await page.getByRole('checkbox', { name: tFiles('download.selectAll') }).check();
    await expect(checkbox(page, 'monday.txt')).toBeChecked();
    await expect(checkbox(page, 'tuesday.txt')).toBeChecked();
    await expect(downloadButton(page)).toHaveText(tFiles('download.download', { count: 3 }));
    await snapBoth(page, 'download-selected-folder');

    const downloading = page.waitForEvent('download');
    await downloadButton(page).click();
    const entries = await zipEntries(await (await downloading).path());
    expect([...entries.keys()].sort()).toEqual(['notes/monday.txt', 'notes/tuesday.txt', 'readme.txt']);

    await page.getByRole('checkbox', { name: tFiles('download.selectAll') }).uncheck();
    await expect(downloadButton(page)).toHaveText(tFiles('download.download', { count: 1 }));
    await page.getByTestId('files-clear-selection').click();
    await expect(downloadButton(page)).toHaveCount(0);
    await expect(checkbox(page, 'monday.txt')).not.toBeChecked();
  });

  test('a refusal of the server is shown in its own words', async ({ page }) => {
    await page.goto(TREE);
    await checkbox(page, 'readme.txt').check();
    // Someone deletes the project meanwhile.
    const project = (await (
      await page.request.get(`/v1/project/${PROJECT.namespace}/${PROJECT.name}`)
    ).json()) as {
      id: string;
    };
    await apiAsUser(page, 'DELETE', `/v2/projects/${project.id}`);
    await downloadButton(page).click();
    const error = page.getByTestId('files-download-error');
    await expect(error).toContainText('The requested URL was not found on the server');
    await expect(downloadButton(page)).toBeEnabled();
    await snapBoth(page, 'download-selected-error');
    await page.setViewportSize(PHONE);
    await expect(error).toBeVisible();
    await snap(page, 'download-selected-error-phone-again');
  });
});
