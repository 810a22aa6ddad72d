import { readFileSync } from 'node:fs';
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

const PROJECT = { namespace: 'admin', name: 'field-notes' };
const PROJECT_PATH = `/projects/${PROJECT.namespace}/${PROJECT.name}`;
const READER = { username: 'reader-fern', email: 'fern@example.com', password: 'Fern-reader-1' };

const NOTES = Array.from(
  { length: 80 },
  (_, index) => `${String(index + 1).padStart(2, '0')} Oak, height ${12 + (index % 9)} m, crown healthy`,
).join('\n');
const LOG_COUNT = 55;

const FILES: LocalFile[] = [
  { path: 'survey.gpkg', content: makeGeoPackage() },
  {
    path: 'project.qgs',
    content: Buffer.from('<!DOCTYPE qgis>\n<qgis projectname="Field notes" version="3.34">\n</qgis>\n'),
  },
  { path: 'notes/field-notes.txt', content: Buffer.from(NOTES) },
  { path: 'photos/2024/meadow.png', content: makePng() },
  { path: 'photos/2024/ridge.png', content: makePng(120, 90) },
  { path: 'data/points.csv', content: Buffer.from('id,species,height\n1,oak,14\n2,ash,11\n3,lime,17\n') },
  ...Array.from({ length: LOG_COUNT }, (_, index) => ({
    path: `logs/day-${String(index + 1).padStart(2, '0')}.log`,
    content: Buffer.from(`day ${index + 1}: survey walked, ${index * 3} points\n`),
  })),
];

/** The root's folders, largest first, as 'Sort by file size' should list them. */
function foldersBySize(): string[] {
  const sizes = new Map<string, number>();
  for (const file of FILES) {
    const [folder] = file.path.split('/');
    if (folder && file.path.includes('/')) sizes.set(folder, (sizes.get(folder) ?? 0) + file.content.length);
  }
  return [...sizes.entries()].sort((left, right) => right[1] - left[1]).map(([folder]) => folder);
}

const rowNames = (page: Page) => page.getByTestId(/^file-row-link-/);
const sidebar = (page: Page) => page.getByTestId('file-detail-sidebar');

async function openFile(page: Page, name: string) {
  await rowNames(page)
    .filter({ hasText: new RegExp(`^${name.replace('.', '\\.')}$`) })
    .click();
  await expect(sidebar(page).getByTestId('file-detail-name')).toHaveText(name);
}

async function closeSidebar(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Close' }).click();
  await expect(sidebar(page)).toBeHidden();
}

// One journey through a project's files and history; each step builds on the one before.
test.describe.serial('browsing files and versions', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page);
  });

  test('a project gets files through the push API', async ({ page, playwright, baseURL }) => {
    await apiAsUser(page, 'POST', `/v1/project/${PROJECT.namespace}`, { name: PROJECT.name, public: false });
    // A client of its own, without the browser's session cookie: the sync clients send only the token.
    const client = await playwright.request.newContext({ baseURL });
    const token = await bearerToken(client, E2E_ADMIN.username, E2E_ADMIN.password);
    const project = await pushFiles(client, token, PROJECT, { added: FILES });
    await client.dispose();
    expect(project.version).toBe('v1');
    expect(project.files).toHaveLength(FILES.length);

    await apiAsUser(page, 'POST', '/v2/users', { ...READER });
    await apiAsUser(page, 'PUT', `/v1/project/${PROJECT.namespace}/${PROJECT.name}`, {
      access: {
        ownersnames: [E2E_ADMIN.username],
        writersnames: [E2E_ADMIN.username],
        editorsnames: [E2E_ADMIN.username],
        readersnames: [E2E_ADMIN.username, READER.username],
      },
    });
  });

  test('browse folders, search, sort and page', async ({ page }) => {
    await page.goto(PROJECT_PATH);
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree$`));
    await expect(rowNames(page)).toHaveText([
      'data',
      'logs',
      'notes',
      'photos',
      'project.qgs',
      'survey.gpkg',
    ]);
    await expect(page.getByTestId('files-count')).toHaveText(`${FILES.length} files`);
    const logs = page.getByRole('row', { name: /logs/ });
    await expect(logs.getByTestId('folder-file-count')).toHaveText(`${LOG_COUNT} files`);
    await snap(page, 'files-root');

    await rowNames(page).filter({ hasText: 'photos' }).click();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree/photos$`));
    await rowNames(page).filter({ hasText: '2024' }).click();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree/photos/2024$`));
    await expect(rowNames(page)).toHaveText(['..', 'meadow.png', 'ridge.png']);
    await expect(page.getByTestId('files-breadcrumb')).toContainText('Project home');
    await expect(page.getByTestId('files-breadcrumb')).toContainText('2024');
    await snap(page, 'files-nested-folder');
    await page.getByRole('link', { name: 'Up to the parent folder' }).click();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree/photos$`));
    await page.getByTestId('files-breadcrumb').getByRole('link', { name: 'Project home' }).click();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree$`));

    const search = page.getByPlaceholder('Search files');
    await search.fill('meadow');
    await expect(rowNames(page)).toHaveText(['photos/2024/meadow.png']);
    await expect(page.getByTestId('files-count')).toHaveText('1 file found');
    await snap(page, 'files-search');
    await search.fill('no such file');
    await expect(page.getByText('No files found.')).toBeVisible();
    await snap(page, 'files-search-empty');
    await search.fill('');

    await page.getByTestId('files-sort').click();
    await expect(page.getByRole('option', { name: 'Sort by file size' })).toBeVisible();
    await snap(page, 'files-sort-menu');
    await page.getByRole('option', { name: 'Sort by file size' }).click();
    await expect(rowNames(page)).toHaveText([...foldersBySize(), 'survey.gpkg', 'project.qgs']);
    await page.getByTestId('files-sort').click();
    await page.getByRole('option', { name: 'Sort by name Z-A' }).click();
    await expect(rowNames(page)).toHaveText([
      'photos',
      'notes',
      'logs',
      'data',
      'survey.gpkg',
      'project.qgs',
    ]);

    // On a phone the table keeps name and size, and the toolbar stacks.
    await page.setViewportSize({ width: 390, height: 844 });
    // The shell closes its drawer on narrow screens: wait until it has slid away.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await snap(page, 'files-narrow');
    await page.setViewportSize({ width: 1366, height: 860 });

    await page.goto(`${PROJECT_PATH}/tree/logs`);
    await expect(rowNames(page)).toHaveCount(51);
    const paginator = page.getByTestId('files-paginator');
    await expect(paginator).toBeVisible();
    await snap(page, 'files-paginated');
    await paginator.getByRole('button', { name: 'Page 2' }).click();
    await expect(rowNames(page)).toHaveText([
      '..',
      'day-51.log',
      'day-52.log',
      'day-53.log',
      'day-54.log',
      'day-55.log',
    ]);
  });

  test('file details: image, text and GeoPackage, and a download', async ({ page }) => {
    await page.goto(`${PROJECT_PATH}/tree/photos/2024`);
    await openFile(page, 'meadow.png');
    await expect(page).toHaveURL(/\?file_path=photos\/2024\/meadow\.png$/);
    const image = sidebar(page).getByRole('img', { name: 'Preview of meadow.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(240);
    await expect(sidebar(page).getByTestId('file-detail-size')).toHaveText(/kB|B$/);
    await snap(page, 'file-detail-image');

    // PrimeReact's preview: zoom by 0.1 within 0.5–1.5, rotate by 90°.
    await sidebar(page).getByRole('button', { name: 'Zoom Image' }).click();
    const preview = page.locator('.p-image-preview');
    await expect(preview).toBeVisible();
    await page.getByRole('button', { name: 'Zoom In' }).click();
    await page.getByRole('button', { name: 'Rotate Right' }).click();
    await expect(preview).toHaveAttribute('style', /rotate\(90deg\) scale\(1\.1/);
    for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: 'Zoom In' }).click();
    await expect(page.getByRole('button', { name: 'Zoom In' })).toBeDisabled();
    await snap(page, 'file-image-preview');
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await closeSidebar(page);

    await page.getByTestId('files-breadcrumb').getByRole('link', { name: 'Project home' }).click();
    await rowNames(page).filter({ hasText: 'notes' }).click();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree/notes$`));
    await openFile(page, 'field-notes.txt');
    const text = sidebar(page).getByTestId('file-preview-text');
    await expect(text).toContainText('01 Oak');
    await expect(text).toContainText('50 Oak');
    await expect(text).not.toContainText('51 Oak');
    await expect(sidebar(page).getByTestId('file-preview-truncated')).toBeVisible();
    await snap(page, 'file-detail-text');

    const downloadEvent = page.waitForEvent('download');
    await sidebar(page).getByTestId('file-detail-download').click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('field-notes.txt');
    expect(readFileSync(await download.path()).toString()).toBe(NOTES);
    await closeSidebar(page);

    await page.getByRole('link', { name: 'Up to the parent folder' }).click();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree$`));
    await openFile(page, 'survey.gpkg');
    // An SQLite file without GeoPackage tables: the server's layer list says so (real layers: map.spec.ts).
    await expect(sidebar(page).getByTestId('gpkg-layers-failed')).toHaveText(
      'The file is damaged or not a GeoPackage',
    );
    await expect(sidebar(page).getByRole('button', { name: 'Delete file' })).toBeVisible();
    await snap(page, 'file-detail-gpkg');
  });

  test('delete a file as a writer and see the new version in the history', async ({ page }) => {
    await page.goto(`${PROJECT_PATH}/tree/data`);
    await openFile(page, 'points.csv');
    await sidebar(page).getByRole('button', { name: 'Delete file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete file' });
    await expect(dialog).toContainText('Are you sure you want to delete data/points.csv?');
    await snap(page, 'delete-file-confirm');
    await dialog.getByRole('button', { name: 'Delete file' }).click();

    await expect(page.getByText('Project updated')).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/tree/data$`));
    await expect(rowNames(page)).toHaveText(['..']);
    await expect(page.getByText('No files found.')).toBeVisible();
    await expect(page.getByTestId('project-header-version')).toHaveText('v2');

    await page.getByTestId('project-tab-history').click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(page.getByTestId('version-link')).toHaveText(['v2', 'v1']);
    const v2 = page.getByRole('row', { name: /v2/ });
    await expect(v2.getByTestId('version-added')).toHaveText('0');
    await expect(v2.getByTestId('version-edited')).toHaveText('0');
    await expect(v2.getByTestId('version-removed')).toHaveText('1');
    const v1 = page.getByRole('row', { name: /v1/ });
    await expect(v1.getByTestId('version-added')).toHaveText(String(FILES.length));
    await expect(v1).toContainText(E2E_ADMIN.username);
    await snap(page, 'history');

    await page.getByTestId('versions-sort').click();
    await page.getByRole('option', { name: 'Oldest versions' }).click();
    await expect(page.getByTestId('version-link')).toHaveText(['v1', 'v2']);

    await page.getByTestId('version-link').filter({ hasText: 'v2' }).click();
    await expect(page).toHaveURL(/\?version_id=v2$/);
    const detail = page.getByTestId('version-detail-sidebar');
    await expect(detail.getByTestId('version-detail-name')).toHaveText('v2');
    await expect(detail.getByTestId('version-detail-author')).toHaveText(E2E_ADMIN.username);
    await expect(detail.getByTestId('version-changes-removed-count')).toHaveText('1');
    await expect(detail.getByTestId('version-changes-added-count')).toHaveText('0');
    await expect(detail.getByTestId('version-change-file')).toHaveText([/data\/points\.csv/]);
    await snap(page, 'version-detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`${PROJECT_PATH}/history$`));

    await page.getByRole('row', { name: /v1/ }).getByTestId('version-added').click();
    await expect(detail.getByTestId('version-changes-added-count')).toHaveText(String(FILES.length));
    await snap(page, 'version-detail-v1');

    const zipEvent = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Download v1' }).click();
    const zip = await zipEvent;
    expect(zip.suggestedFilename()).toMatch(/field-notes.*v1.*\.zip$/);
    const bytes = readFileSync(await zip.path());
    // A zip starts with a local file header.
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.length).toBeGreaterThan(1000);
    // v1 holds every pushed file with its size; v2 lacks the deleted one.
    const v1Entries = await zipEntries(await zip.path());
    expect(new Map([...v1Entries].sort())).toEqual(
      new Map(FILES.map((file) => [file.path, file.content.length] as const).sort()),
    );
    await detail.getByRole('button', { name: 'Close' }).click();

    const rowZipEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download v2' }).click();
    const rowZip = await rowZipEvent;
    expect(rowZip.suggestedFilename()).toMatch(/field-notes.*v2.*\.zip$/);
    const v2Entries = await zipEntries(await rowZip.path());
    expect([...v2Entries.keys()].sort()).toEqual(
      FILES.map((file) => file.path)
        .filter((path) => path !== 'data/points.csv')
        .sort(),
    );
  });

  test('a reader sees the files but no Delete file', async ({ browser }) => {
    const context = await browser.newContext();
    const reader = await context.newPage();
    await signInByApi(reader, READER.username, READER.password);
    await reader.goto(PROJECT_PATH);
    await openFile(reader, 'survey.gpkg');
    await expect(sidebar(reader).getByTestId('file-detail-download')).toBeVisible();
    await expect(sidebar(reader).getByRole('button', { name: 'Delete file' })).toHaveCount(0);
    await snap(reader, 'file-detail-reader');
    await context.close();
  });

  test.afterAll(async ({ browser }) => {
    // Leave the admin workspace empty again for the journeys that start from an empty list.
    const page = await browser.newPage();
    await signInByApi(page);
    const response = await page.request.get(`/v1/project/${PROJECT.namespace}/${PROJECT.name}`);
    if (response.ok()) {
      const project = (await response.json()) as { id: string };
      await apiAsUser(page, 'POST', `/v2/projects/${project.id}/scheduleDelete`);
    }
    await page.close();
  });
});
